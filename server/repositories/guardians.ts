import type { Selectable } from "kysely";
import type { Guardian } from "../../core/schemas/guardians";
import type { DigestFrequency } from "../../core/guardian-digest";
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

    /**
     * Confirmed guardians whose last digest is older than their frequency's period now (`periods`,
     * each a yyyy-MM-dd date), the longest waiting first: the digests due.
     */
    dueForDigest(periods: Readonly<Record<DigestFrequency, string>>, limit: number): Promise<GuardianRow[]> {
      return db
        .selectFrom("guardians")
        .selectAll()
        .where("status", "=", "confirmed")
        .where((eb) =>
          eb.or(
            (Object.keys(periods) as DigestFrequency[]).map((frequency) =>
              eb.and([eb("frequency", "=", frequency), eb.or([eb("last_period", "is", null), eb("last_period", "<", periods[frequency])])]),
            ),
          ),
        )
        .orderBy("last_period")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /**
     * Takes a guardian's digest of `period`: moves their last period on to it, only while they are
     * still confirmed, still of that frequency and not yet past it. Run in the transaction that
     * writes the digest's mail, it answers true to exactly one caller per period, whatever the
     * instances (PostgreSQL makes a second UPDATE wait for the first's commit, then finds the row
     * past the period; SQLite has one writer).
     */
    async takeDigest(id: number, frequency: DigestFrequency, period: string): Promise<boolean> {
      const result = await db
        .updateTable("guardians")
        .set({ last_period: period })
        .where("id", "=", id)
        .where("status", "=", "confirmed")
        .where("frequency", "=", frequency)
        .where((eb) => eb.or([eb("last_period", "is", null), eb("last_period", "<", period)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId: number, id: number): Promise<void> {
      await db.deleteFrom("guardians").where("user_id", "=", userId).where("id", "=", id).execute();
    },
  };
}
export type GuardiansRepository = ReturnType<typeof createGuardiansRepository>;
