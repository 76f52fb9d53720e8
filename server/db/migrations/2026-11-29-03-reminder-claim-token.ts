import type { Kysely } from "kysely";

/**
 * A reminder's claim carries its claimer's token (issue 50, decision 125), as the other lease
 * tables do: the one lease queue (server/jobs/lease-queue.ts) takes over a stopped instance's
 * pending claims and marks them under that token, so a claim taken over again after its lease is
 * the new holder's to mark. Null on the claims recorded before, and on those finished at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sent_reminders").addColumn("claim_token", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sent_reminders").dropColumn("claim_token").execute();
}
