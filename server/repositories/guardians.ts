import type { Selectable } from "kysely";
import type { Guardian } from "../../core/schemas/guardians";
import type { Executor } from "../db/connection";
import type { GuardiansTable } from "../db/schema";

export type GuardianRow = Selectable<GuardiansTable>;

export const toGuardian = (row: GuardianRow): Guardian => ({
  id: row.id,
  email: row.email,
  locale: row.locale,
  frequency: row.frequency,
  status: row.status,
});

/** A student's guardians (issue 54); scoped by user, but for the links a guardian follows, found by their token's digest. */
export function createGuardiansRepository(db: Executor) {
  return {
    listForUser(userId: number): Promise<GuardianRow[]> {
      return db.selectFrom("guardians").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    },

    findForUser(userId: number, id: number): Promise<GuardianRow | undefined> {
      return db.selectFrom("guardians").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    findByConfirmHash(hash: string): Promise<GuardianRow | undefined> {
      return db.selectFrom("guardians").selectAll().where("confirm_token_hash", "=", hash).executeTakeFirst();
    },

    findByUnsubscribeToken(token: string): Promise<GuardianRow | undefined> {
      return db.selectFrom("guardians").selectAll().where("unsubscribe_token", "=", token).executeTakeFirst();
    },

    create(row: Omit<GuardianRow, "id" | "last_period">): Promise<GuardianRow> {
      return db.insertInto("guardians").values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Partial<Omit<GuardianRow, "id" | "user_id" | "email">>): Promise<GuardianRow | undefined> {
      return db
        .updateTable("guardians")
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(userId: number, id: number): Promise<void> {
      await db.deleteFrom("guardians").where("user_id", "=", userId).where("id", "=", id).execute();
    },
  };
}
export type GuardiansRepository = ReturnType<typeof createGuardiansRepository>;
