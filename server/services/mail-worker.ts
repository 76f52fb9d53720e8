import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import { userLocale } from "../i18n";
import type { MailOutboxRepository, ClaimedMail } from "../repositories/mail-outbox";
import type { MailConfig } from "../config";
import { type MailParams, renderMail, type RenderedMail } from "./mail-words";
import type { Clock } from "./reminders";
import { createWorker, type JobMetrics, type Pass } from "../jobs/worker";
import { backoffMs } from "../jobs/lease-queue";

type Logger = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** One mail as the transport sends it. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  messageId: string;
}

/** Sends one mail; a failure throws with the SMTP server's `responseCode` when it gave one. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const MINUTE_MS = 60_000;
/** The SMTP conversation's longest waits: connecting, the greeting, and any silence after. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer over SMTP_URL: STARTTLS when the server offers it on smtp://, TLS from the start on
 * smtps://. Every mail carries its outbox row's Message-ID (the same on a second attempt) and
 * `Auto-Submitted: auto-generated` (RFC 3834), so no auto-responder answers it.
 */
export function createSmtpTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
  return {
    async send(mail) {
      await transporter.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { ...mail.headers, "Auto-Submitted": "auto-generated" },
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Whether a failed attempt may succeed later: the server's 4xx (451 "try again later", a full
 * mailbox) and anything without an answer (no connection, a time-out). A 5xx is permanent.
 */
export function isTemporaryFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code < 500 : true;
}

/** The wait after the nth temporary failure: 1, 2, 4 … minutes, at most two hours; the row's send_before ends the tries. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, MINUTE_MS, 120 * MINUTE_MS);
}

/** What one pass of the mail worker did. */
export interface MailReport {
  sent: number;
  /** Refused for good, or out of time. */
  failed: number;
  /** Failed for now: due again later. */
  retried: number;
  /** Claimed, not started before the pass's deadline, given back. */
  released: number;
}

export interface MailWorkerOptions {
  outbox: MailOutboxRepository;
  transport: MailTransport;
  log: Logger;
  scanIntervalMs: number;
  batchSize?: number;
  /** How long a pass's sends may keep starting. */
  budgetMs?: number;
  /** How long a claim stays with this worker: at least the budget plus one send's time-outs. */
  leaseMs?: number;
  clock?: Clock;
  /** Told of every pass (decision 125). */
  metrics?: JobMetrics;
  /**
   * Tests only: runs between the steps of a pass; throwing there stops the worker as a crash would
   * ("claimed": claimed, nothing sent; "sent": one mail sent, not marked).
   */
  crashPoint?: (step: "claimed" | "sent") => void;
}

const DEFAULT_BATCH = 50;
const DEFAULT_BUDGET_MS = 20_000;

export function mailLeaseMs(budgetMs = DEFAULT_BUDGET_MS): number {
  return budgetMs + SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout + 5_000;
}

/** A short, header-safe account of a failure for the row (never the mail itself). */
function describe(error: unknown): string {
  const e = error as { responseCode?: number; code?: string; response?: string; message?: string } | null;
  const text = e?.response ?? e?.message ?? String(error);
  return [e?.responseCode, e?.code, text.replace(/\s+/g, " ").slice(0, 300)].filter(Boolean).join(" ");
}

/**
 * The mail outbox's worker of one instance (decision 115), the shape of the announcements' (113):
 * claim a batch under a lease, send each, mark it under the same token. Marking comes after the
 * send, so a crash in between sends that mail again after the lease (at most twice; the same
 * Message-ID lets the reader's mail client fold the copy). A temporary failure puts the mail back
 * with a growing wait until its send_before; a permanent one is recorded as failed.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { outbox, transport, log, scanIntervalMs, crashPoint } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const leaseMs = options.leaseMs ?? mailLeaseMs(budgetMs);
  const clock = options.clock ?? (() => new Date());
  const token = randomUUID();

  async function sendOne(mail: ClaimedMail, report: MailReport) {
    const now = clock();
    if (Date.parse(mail.send_before) <= now.getTime() || mail.params === null) {
      if (await outbox.finish(mail.id, "failed", token, now, "not sent in time")) report.failed++;
      return;
    }
    const rendered = renderMail(mail.template, userLocale(mail.locale), JSON.parse(mail.params) as MailParams);
    try {
      await transport.send({ ...rendered, to: mail.to_address, messageId: mail.message_id });
    } catch (error) {
      const failedAt = clock();
      const why = describe(error);
      const next = new Date(failedAt.getTime() + retryDelayMs(mail.attempts + 1));
      if (isTemporaryFailure(error) && next.getTime() < Date.parse(mail.send_before)) {
        if (await outbox.retryLater(mail.id, token, mail.attempts + 1, next, why)) report.retried++;
        log.warn({ mailId: mail.id, error: why, nextAttemptAt: next.toISOString() }, "mail not sent; trying again later");
      } else {
        if (await outbox.finish(mail.id, "failed", token, failedAt, why)) report.failed++;
        log.warn({ mailId: mail.id, error: why }, "mail not sent; given up");
      }
      return;
    }
    crashPoint?.("sent");
    if (await outbox.finish(mail.id, "sent", token, clock())) report.sent++;
  }

  /**
   * Claims and sends batches until none is left (or only mails another worker holds or not due yet).
   * Stopped, it finishes the send under way and gives back the rest of its batch.
   */
  async function runOnce(pass?: Pass): Promise<MailReport> {
    const report: MailReport = { sent: 0, failed: 0, retried: 0, released: 0 };
    while (!pass?.signal.aborted) {
      const now = clock().getTime();
      const batch = await outbox.claim(token, new Date(now), new Date(now - leaseMs), batchSize);
      if (batch.length === 0) break;
      crashPoint?.("claimed");
      const deadline = now + budgetMs;
      let i = 0;
      for (; i < batch.length && clock().getTime() < deadline && !pass?.signal.aborted; i++) await sendOne(batch[i]!, report);
      const notStarted = batch.slice(i).map((mail) => mail.id);
      await outbox.release(notStarted, token);
      report.released += notStarted.length;
      if (batch.length < batchSize && notStarted.length === 0) break;
    }
    return report;
  }

  const worker = createWorker({
    name: "mail",
    runOnce,
    intervalMs: scanIntervalMs,
    budgetMs,
    onReport: (report) => {
      if (report.sent || report.failed || report.retried) log.info({ mail: report }, "mail sent");
    },
    failureMessage: "mail delivery failed; trying again at the next scan",
    log,
    metrics: options.metrics,
  });

  return {
    runOnce,
    ...worker,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
