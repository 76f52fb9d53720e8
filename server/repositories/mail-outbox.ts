import { type Executor, isPostgres } from "../db/connection";
import type { MailOutboxRow, MailTemplate } from "../db/schema";
import type { Locale } from "../../core/i18n/locale";

/** A claimed mail with what sending it needs. */
export type ClaimedMail = Pick<
  MailOutboxRow,
  "id" | "message_id" | "to_address" | "template" | "locale" | "params" | "attempts" | "send_before" | "created_at"
>;

export interface NewMail {
  messageId: string;
  to: string;
  template: MailTemplate;
  locale: Locale;
  params: unknown;
  /** After this it is not worth sending. */
  sendBefore: Date;
}

/** The mail outbox (decision 115). */
export function createMailOutboxRepository(db: Executor) {
  const postgres = isPostgres(db);

  return {
    /** Writes a mail to send, due at once; part of the transaction of the change that causes it. */
    async enqueue(mail: NewMail, now: Date): Promise<number> {
      const row = await db
        .insertInto("mail_outbox")
        .values({
          message_id: mail.messageId,
          to_address: mail.to,
          template: mail.template,
          locale: mail.locale,
          params: JSON.stringify(mail.params),
          status: "pending",
          next_attempt_at: now.toISOString(),
          send_before: mail.sendBefore.toISOString(),
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Claims up to `limit` due pending mails for `token`: due (next_attempt_at reached) and either
     * unclaimed or claimed before `leaseCutoff` (an instance that stopped mid-send). The shape of
     * the announcements' claim (decision 113): one conditional UPDATE of the rows a pick chose; on
     * PostgreSQL the pick locks its rows and skips those another instance is claiming right now.
     */
    async claim(token: string, now: Date, leaseCutoff: Date, limit: number): Promise<ClaimedMail[]> {
      const cutoff = leaseCutoff.toISOString();
      const nowIso = now.toISOString();
      const claimable = db
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", nowIso)
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit);
      // PostgreSQL: the pick is a materialised CTE, run once; inline, the planner may rescan the
      // sub-select per updated row and claim every due mail whatever the limit (decision 113).
      const update = postgres
        ? db
            .with(
              (cte) => cte("picked").materialized(),
              () => claimable.forUpdate().skipLocked(),
            )
            .updateTable("mail_outbox")
            .where("id", "in", (eb) => eb.selectFrom("picked").select("picked.id"))
        : db.updateTable("mail_outbox").where("id", "in", claimable);
      const rows = await update
        .set({ claimed_at: nowIso, claim_token: token })
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
        .returning(["id", "message_id", "to_address", "template", "locale", "params", "attempts", "send_before", "created_at"])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /**
     * Marks a claimed mail finished, only while `token` still holds it; what it said (a reset
     * link) is erased. Answers whether it was still this token's to mark.
     */
    async finish(id: number, status: "sent" | "failed", token: string, now: Date, lastError: string | null = null): Promise<boolean> {
      const result = await db
        .updateTable("mail_outbox")
        .set({ status, params: null, finished_at: now.toISOString(), last_error: lastError, claim_token: null })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("claim_token", "=", token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A temporary failure: the mail goes back to pending, due again at `nextAttemptAt`. */
    async retryLater(id: number, token: string, nextAttemptAt: Date, lastError: string): Promise<boolean> {
      const result = await db
        .updateTable("mail_outbox")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          next_attempt_at: nextAttemptAt.toISOString(),
          last_error: lastError,
          claimed_at: null,
          claim_token: null,
        }))
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("claim_token", "=", token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives claimed mails back unsent (the worker stopped before them): anyone claims them next. */
    async release(ids: readonly number[], token: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable("mail_outbox")
        .set({ claimed_at: null, claim_token: null })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("claim_token", "=", token)
        .execute();
    },

    /** Drops finished rows (sent or failed) that finished before `cutoff`; returns how many. */
    async deleteFinishedBefore(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom("mail_outbox")
        .where("status", "!=", "pending")
        .where("finished_at", "<", cutoff.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every row of the outbox, oldest first (tests, and an operator's look). */
    list(): Promise<MailOutboxRow[]> {
      return db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    },
  };
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
