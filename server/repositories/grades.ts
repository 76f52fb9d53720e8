import type { Selectable } from "kysely";
import type { GradeLevel } from "../../core/grades";
import type { GradeItemFields, GradeItemRecord } from "../../core/schemas/grades";
import type { Executor } from "../db/connection";
import type { GradeCategoriesTable, GradeClassesTable, GradeItemsTable } from "../db/schema";

export type GradeClassRow = Selectable<GradeClassesTable>;
export type GradeCategoryRow = Selectable<GradeCategoriesTable>;
export type GradeItemRow = Selectable<GradeItemsTable>;

export function toGradeItem(row: GradeItemRow): GradeItemRecord {
  return { id: row.id, name: row.name, categoryId: row.category_id, score: Number(row.score), outOf: Number(row.out_of), date: row.date };
}

/** A student's grades (issue 53): every query is scoped by user id, so another student's rows are "not found". */
export function createGradesRepository(db: Executor) {
  return {
    /** Every class record, category and item of the student: what GET /api/user/grades answers from. */
    async listForUser(userId: number): Promise<{ classes: GradeClassRow[]; categories: GradeCategoryRow[]; items: GradeItemRow[] }> {
      const [classes, categories, items] = await Promise.all([
        db.selectFrom("grade_classes").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
        db.selectFrom("grade_categories").selectAll().where("user_id", "=", userId).orderBy("position").orderBy("id").execute(),
        db.selectFrom("grade_items").selectAll().where("user_id", "=", userId).orderBy("date").orderBy("id").execute(),
      ]);
      return { classes, categories, items };
    },

    findClass(userId: number, subject: string): Promise<GradeClassRow | undefined> {
      return db.selectFrom("grade_classes").selectAll().where("user_id", "=", userId).where("subject", "=", subject).executeTakeFirst();
    },

    /** The class's record, made (regular, no categories) the first time a grade or a setting needs one. */
    async ensureClass(userId: number, subject: string): Promise<GradeClassRow> {
      const found = await this.findClass(userId, subject);
      if (found) return found;
      return db
        .insertInto("grade_classes")
        .values({ user_id: userId, subject, level: "regular", updated_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setLevel(userId: number, classId: number, level: GradeLevel): Promise<void> {
      await db
        .updateTable("grade_classes")
        .set({ level, updated_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("id", "=", classId)
        .execute();
    },

    listCategories(userId: number, classId: number): Promise<GradeCategoryRow[]> {
      return db
        .selectFrom("grade_categories")
        .selectAll()
        .where("user_id", "=", userId)
        .where("class_id", "=", classId)
        .orderBy("position")
        .orderBy("id")
        .execute();
    },

    /**
     * The class's categories made these, in this order: a listed id is kept (renamed, reweighted),
     * one without an id is added, and one left out is removed, its items falling to no category.
     */
    async replaceCategories(
      userId: number,
      classId: number,
      categories: readonly { id: number | null; name: string; weight: number }[],
    ): Promise<void> {
      const kept = categories.flatMap((c) => (c.id === null ? [] : [c.id]));
      const gone = (await this.listCategories(userId, classId)).filter((c) => !kept.includes(c.id)).map((c) => c.id);
      if (gone.length) {
        // Said here rather than left to the foreign key, so both engines do it whatever their settings.
        await db
          .updateTable("grade_items")
          .set({ category_id: null })
          .where("user_id", "=", userId)
          .where("category_id", "in", gone)
          .execute();
        await db.deleteFrom("grade_categories").where("user_id", "=", userId).where("id", "in", gone).execute();
      }
      for (const [position, category] of categories.entries()) {
        if (category.id === null) {
          await db
            .insertInto("grade_categories")
            .values({ user_id: userId, class_id: classId, name: category.name, weight: category.weight, position })
            .execute();
        } else {
          await db
            .updateTable("grade_categories")
            .set({ name: category.name, weight: category.weight, position })
            .where("user_id", "=", userId)
            .where("class_id", "=", classId)
            .where("id", "=", category.id)
            .execute();
        }
      }
    },

    async countItems(userId: number, classId: number): Promise<number> {
      const row = await db
        .selectFrom("grade_items")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("user_id", "=", userId)
        .where("class_id", "=", classId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findItem(userId: number, id: number): Promise<GradeItemRow | undefined> {
      return db.selectFrom("grade_items").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    async createItem(userId: number, classId: number, fields: GradeItemFields): Promise<GradeItemRow> {
      const now = new Date().toISOString();
      return db
        .insertInto("grade_items")
        .values({
          user_id: userId,
          class_id: classId,
          category_id: fields.categoryId,
          name: fields.name,
          score: fields.score,
          out_of: fields.outOf,
          date: fields.date,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateItem(userId: number, id: number, fields: GradeItemFields): Promise<GradeItemRow | undefined> {
      return db
        .updateTable("grade_items")
        .set({
          category_id: fields.categoryId,
          name: fields.name,
          score: fields.score,
          out_of: fields.outOf,
          date: fields.date,
          updated_at: new Date().toISOString(),
        })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteItem(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("grade_items").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A class's whole record: level, categories and grades. */
    async deleteClass(userId: number, classId: number): Promise<void> {
      await db.deleteFrom("grade_items").where("user_id", "=", userId).where("class_id", "=", classId).execute();
      await db.deleteFrom("grade_categories").where("user_id", "=", userId).where("class_id", "=", classId).execute();
      await db.deleteFrom("grade_classes").where("user_id", "=", userId).where("id", "=", classId).execute();
    },

    /**
     * A class renamed in the class editor carries its grades to its new name; when the new name
     * already has a record (a class that left the list and came back), the grades and categories
     * join it and its level stays.
     */
    async renameClass(userId: number, from: string, to: string): Promise<void> {
      const source = await this.findClass(userId, from);
      if (!source || from === to) return;
      const target = await this.findClass(userId, to);
      if (!target) {
        await db
          .updateTable("grade_classes")
          .set({ subject: to, updated_at: new Date().toISOString() })
          .where("user_id", "=", userId)
          .where("id", "=", source.id)
          .execute();
        return;
      }
      await db
        .updateTable("grade_items")
        .set({ class_id: target.id })
        .where("user_id", "=", userId)
        .where("class_id", "=", source.id)
        .execute();
      await db
        .updateTable("grade_categories")
        .set({ class_id: target.id })
        .where("user_id", "=", userId)
        .where("class_id", "=", source.id)
        .execute();
      await db.deleteFrom("grade_classes").where("user_id", "=", userId).where("id", "=", source.id).execute();
    },

    async scale(userId: number): Promise<string | null> {
      const row = await db.selectFrom("users").select("grade_scale").where("id", "=", userId).executeTakeFirst();
      return row?.grade_scale ?? null;
    },

    async setScale(userId: number, scale: string | null): Promise<void> {
      await db.updateTable("users").set({ grade_scale: scale, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
    },

    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("grade_items").where("user_id", "=", userId).execute();
      await db.deleteFrom("grade_categories").where("user_id", "=", userId).execute();
      await db.deleteFrom("grade_classes").where("user_id", "=", userId).execute();
    },
  };
}
export type GradesRepository = ReturnType<typeof createGradesRepository>;
