import { classNameKey, parseUserClasses, scheduledClassNames } from "../../core/classes";
import {
  categoryAverages,
  classAverage,
  DEFAULT_SCALE,
  gpa,
  type GradeCategory,
  type GradeLevel,
  type GradeScale,
  letterOf,
  neededFor,
  type WhatIfAnswer,
} from "../../core/grades";
import { messageRef } from "../../core/i18n/translate";
import {
  type CreateGradeItemData,
  type GradeClassSettings,
  type GradeItemFields,
  type GradeItemRecord,
  type Grades,
  MAX_GRADE_ITEMS_PER_CLASS,
  type WhatIfRequest,
} from "../../core/schemas/grades";
import { badRequest, conflict, notFound } from "../errors";
import type { GradeCategoryRow, GradeClassRow } from "../repositories/grades";
import { toGradeItem } from "../repositories/grades";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";

export const GRADE_CLASS_NOT_FOUND = messageRef("grades.class_not_found");
export const GRADE_ITEM_NOT_FOUND = messageRef("grades.item_not_found");
const TOO_MANY_ITEMS = messageRef("grades.too_many_items", { max: MAX_GRADE_ITEMS_PER_CLASS });

/** The student's scale as stored (JSON), or the default. */
export function scaleOf(stored: string | null): GradeScale {
  if (!stored) return DEFAULT_SCALE;
  try {
    return JSON.parse(stored) as GradeScale;
  } catch {
    return DEFAULT_SCALE;
  }
}

const toCategory = (row: GradeCategoryRow): GradeCategory => ({ id: row.id, name: row.name, weight: Number(row.weight) });

/**
 * Grades (issue 53, decision 134): the student's own, computed by core/grades.ts. Each write is
 * one transaction under the student's lock, so the 500-item cap holds against writes sent at once.
 */
export function createGradesService({ transaction }: { transaction: RunInTransaction }) {
  /** The class list's names, in period order, each once. */
  async function classNames(tx: TransactionScope, userId: number): Promise<string[]> {
    const user = await tx.users.findById(userId);
    const names = scheduledClassNames(parseUserClasses(user ? (JSON.parse(user.user_classes) as string[]) : []));
    const seen = new Set<string>();
    return names.filter((name) => !seen.has(classNameKey(name)) && seen.add(classNameKey(name)));
  }

  /**
   * The record of a class the student names: one of their classes (made on first use) or a former
   * class that still has grades; 404 for anything else.
   */
  async function classFor(tx: TransactionScope, userId: number, subject: string, create: boolean): Promise<GradeClassRow | null> {
    const key = classNameKey(subject);
    const { classes } = await tx.grades.listForUser(userId);
    const record = classes.find((c) => classNameKey(c.subject) === key);
    if (record) return record;
    const current = (await classNames(tx, userId)).find((name) => classNameKey(name) === key);
    if (!current) throw notFound(GRADE_CLASS_NOT_FOUND);
    return create ? tx.grades.ensureClass(userId, current) : null;
  }

  /** A grade's category checked against its class: one of its categories when it has some, none when it has none. */
  async function checkCategory(tx: TransactionScope, userId: number, classId: number, categoryId: number | null): Promise<void> {
    const categories = await tx.grades.listCategories(userId, classId);
    if (categories.length === 0) {
      if (categoryId !== null) throw badRequest(messageRef("grades.no_categories"), { categoryId: [messageRef("grades.no_categories")] });
      return;
    }
    if (categoryId === null) throw badRequest(messageRef("grades.category_needed"), { categoryId: [messageRef("grades.category_needed")] });
    if (!categories.some((c) => c.id === categoryId))
      throw badRequest(messageRef("grades.category_unknown"), { categoryId: [messageRef("grades.category_unknown")] });
  }

  async function readIn(tx: TransactionScope, userId: number): Promise<Grades> {
    const [names, { classes, categories, items }, stored] = await Promise.all([
      classNames(tx, userId),
      tx.grades.listForUser(userId),
      tx.grades.scale(userId),
    ]);
    const scale = scaleOf(stored);
    const byKey = new Map(classes.map((c) => [classNameKey(c.subject), c]));
    const currentKeys = new Set(names.map(classNameKey));
    const entries = [
      ...names.map((subject) => ({ subject, record: byKey.get(classNameKey(subject)), former: false })),
      ...classes
        .filter((c) => !currentKeys.has(classNameKey(c.subject)))
        .map((record) => ({ subject: record.subject, record, former: true })),
    ];
    const answered = entries.map(({ subject, record, former }) => {
      const own = record ? categories.filter((c) => c.class_id === record.id).map(toCategory) : [];
      const grades: GradeItemRecord[] = record ? items.filter((i) => i.class_id === record.id).map(toGradeItem) : [];
      const averages = categoryAverages(own, grades);
      const average = classAverage(own, grades);
      return {
        subject,
        level: (record?.level ?? "regular") as GradeLevel,
        categories: own.map((c) => ({ ...c, average: averages.get(c.id) ?? null })),
        items: grades,
        average,
        letter: average === null ? null : letterOf(average, scale),
        former,
      };
    });
    return { scale, classes: answered, gpa: gpa(answered, scale) };
  }

  return {
    /** GET /api/user/grades. */
    read: (userId: number) => transaction((tx) => readIn(tx, userId)),

    /** PUT /api/user/grades/classes/{subject}: the level and the categories, answered with the whole grades. */
    setClass(userId: number, subject: string, settings: GradeClassSettings): Promise<Grades> {
      return transaction(async (tx) => {
        await tx.users.lockUser(userId);
        const record = (await classFor(tx, userId, subject, true))!;
        const own = new Set((await tx.grades.listCategories(userId, record.id)).map((c) => c.id));
        const unknown = settings.categories.find((c) => c.id !== null && !own.has(c.id));
        if (unknown) throw badRequest(messageRef("grades.category_unknown"));
        await tx.grades.setLevel(userId, record.id, settings.level);
        await tx.grades.replaceCategories(userId, record.id, settings.categories);
        return readIn(tx, userId);
      });
    },

    /** DELETE /api/user/grades/classes/{subject}: a class's whole record (a former class's, typically). */
    deleteClass(userId: number, subject: string): Promise<void> {
      return transaction(async (tx) => {
        const record = await classFor(tx, userId, subject, false);
        if (record) await tx.grades.deleteClass(userId, record.id);
      });
    },

    /** PUT /api/user/grades/scale. */
    setScale(userId: number, scale: GradeScale): Promise<Grades> {
      return transaction(async (tx) => {
        await tx.grades.setScale(userId, JSON.stringify(scale));
        return readIn(tx, userId);
      });
    },

    /** POST /api/user/grades/items. */
    createItem(userId: number, data: CreateGradeItemData): Promise<GradeItemRecord> {
      return transaction(async (tx) => {
        await tx.users.lockUser(userId);
        const record = (await classFor(tx, userId, data.subject, true))!;
        await checkCategory(tx, userId, record.id, data.categoryId);
        if ((await tx.grades.countItems(userId, record.id)) >= MAX_GRADE_ITEMS_PER_CLASS) throw conflict(TOO_MANY_ITEMS);
        const { subject: _, ...fields } = data;
        return toGradeItem(await tx.grades.createItem(userId, record.id, fields));
      });
    },

    /** PUT /api/user/grades/items/{id}. */
    updateItem(userId: number, id: number, fields: GradeItemFields): Promise<GradeItemRecord> {
      return transaction(async (tx) => {
        const item = await tx.grades.findItem(userId, id);
        if (!item) throw notFound(GRADE_ITEM_NOT_FOUND);
        await checkCategory(tx, userId, item.class_id, fields.categoryId);
        return toGradeItem((await tx.grades.updateItem(userId, id, fields))!);
      });
    },

    /** DELETE /api/user/grades/items/{id}. */
    async deleteItem(userId: number, id: number): Promise<void> {
      const deleted = await transaction((tx) => tx.grades.deleteItem(userId, id));
      if (!deleted) throw notFound(GRADE_ITEM_NOT_FOUND);
    },

    /** POST /api/user/grades/what-if: nothing is written. */
    whatIf(userId: number, request: WhatIfRequest): Promise<WhatIfAnswer> {
      return transaction(async (tx) => {
        const record = await classFor(tx, userId, request.subject, false);
        const categories = record ? (await tx.grades.listCategories(userId, record.id)).map(toCategory) : [];
        if (record) await checkCategory(tx, userId, record.id, request.item.categoryId);
        else if (request.item.categoryId !== null) throw badRequest(messageRef("grades.no_categories"));
        const { items } = await tx.grades.listForUser(userId);
        const own = record ? items.filter((i) => i.class_id === record.id).map(toGradeItem) : [];
        return neededFor(categories, own, request.target, request.item);
      });
    },

    /**
     * POST and PUT /api/user/classes: the class list saved with its renames (a class's name edited in
     * place in the editor), which carry the class's grades to its new name, in one transaction.
     */
    saveClassList(userId: number, userClasses: readonly string[], renames: readonly { from: string; to: string }[]) {
      return transaction(async (tx) => {
        const updated = await tx.users.setClasses(userId, userClasses);
        if (updated) await renameIn(tx, userId, renames);
        return updated;
      });
    },
  };

  /** The class editor's renames, inside its transaction. */
  async function renameIn(tx: TransactionScope, userId: number, renames: readonly { from: string; to: string }[]): Promise<void> {
    for (const { from, to } of renames) {
      const { classes } = await tx.grades.listForUser(userId);
      const source = classes.find((c) => classNameKey(c.subject) === classNameKey(from));
      if (!source) continue;
      // Onto a record the new name already has (a class that left the list and came back), or to the new name as typed.
      const target = classes.find((c) => c !== source && classNameKey(c.subject) === classNameKey(to));
      await tx.grades.renameClass(userId, source.subject, target?.subject ?? to);
    }
  }
}
export type GradesService = ReturnType<typeof createGradesService>;
