import type { Executor } from "../db/connection";
import { createLeaseQueue } from "../jobs/lease-queue";
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
  const queue = createLeaseQueue(db, {
    table: "mail_outbox",
    ready: (eb, { now }) => eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
    orderBy: ["next_attempt_at", "id"],
  });

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
     * unclaimed or claimed before `leaseCutoff` (an instance that stopped mid-send). The one lease
     * queue's claim (decision 125).
     */
    async claim(token: string, now: Date, leaseCutoff: Date, limit: number): Promise<ClaimedMail[]> {
      return queue.claim(token, now, leaseCutoff, limit);
    },

    /**
     * Marks a claimed mail finished, only while `token` still holds it; what it said (a reset
     * link) is erased. Answers whether it was still this token's to mark.
     */
    async finish(id: number, status: "sent" | "failed", token: string, now: Date, lastError: string | null = null): Promise<boolean> {
      return (await queue.finish([id], token, { status, params: null, finished_at: now.toISOString(), last_error: lastError })) > 0;
    },

    /** A temporary failure: the mail goes back to pending, its `attempts`th try failed, due again at `nextAttemptAt`. */
    async retryLater(id: number, token: string, attempts: number, nextAttemptAt: Date, lastError: string): Promise<boolean> {
      return (await queue.retry([id], token, { attempts, next_attempt_at: nextAttemptAt.toISOString(), last_error: lastError })) > 0;
    },

    /** Gives claimed mails back unsent (the worker stopped before them): anyone claims them next. */
    async release(ids: readonly number[], token: string): Promise<void> {
      await queue.release(ids, token);
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
