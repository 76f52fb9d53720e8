import type { Executor } from "../db/connection";
import type { UserIdentityRow } from "../db/schema";

/** Who a school's identity provider says an account is (decision 110): one row per (issuer, subject). */
export function createUserIdentitiesRepository(db: Executor) {
  return {
    findBySubject(issuer: string, subject: string): Promise<UserIdentityRow | undefined> {
      return db.selectFrom("user_identities").selectAll().where("issuer", "=", issuer).where("subject", "=", subject).executeTakeFirst();
    },

    /** Links an identity to an account; false when that identity is already linked (the unique key decides). */
    async link(input: { userId: number; providerId: string; issuer: string; subject: string; email: string }): Promise<boolean> {
      const row = await db
        .insertInto("user_identities")
        .values({
          user_id: input.userId,
          provider_id: input.providerId,
          issuer: input.issuer,
          subject: input.subject,
          email: input.email,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(["issuer", "subject"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The ids of the providers an account has signed in with, in the order it first did. */
    async providerIdsOf(userId: number): Promise<string[]> {
      const rows = await db.selectFrom("user_identities").select("provider_id").where("user_id", "=", userId).orderBy("id").execute();
      return [...new Set(rows.map((row) => row.provider_id))];
    },

    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("user_identities").where("user_id", "=", userId).execute();
    },
  };
}
export type UserIdentitiesRepository = ReturnType<typeof createUserIdentitiesRepository>;
