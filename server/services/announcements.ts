import { randomUUID } from "node:crypto";
import { PUSH_PAYLOAD_MAX_BYTES, PUSH_PAYLOAD_TOO_LARGE, type PushPayload } from "../../core/schemas/push";
import { announcementWhen } from "../../core/announcement-when";
import { ANNOUNCEMENT_SHOW_DAYS_DEFAULT, type AnnouncementEvent } from "../../core/announcements";
import type { Locale } from "../../core/i18n/locale";
import {
  ANNOUNCEMENT_READER_DAYS,
  type AnnouncementInput,
  type AnnouncementProgress,
  type SchoolAnnouncement,
} from "../../core/schemas/announcements";
import { messageRef } from "../../core/i18n/translate";
import { badRequest, notFound } from "../errors";
import { type AnnouncementsRepository, audiencesOf, type ClaimedDelivery } from "../repositories/announcements";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { PushService } from "./push-service";
import type { Clock } from "./reminders";
import { createWorker, type JobMetrics, type Pass } from "../jobs/worker";

export const ANNOUNCEMENT_NOT_FOUND = messageRef("server.announcement_not_found");

/** How many announcements the admin's list shows. */
const ADMIN_LIST_MAX = 100;
/** How many a reader's list shows at most (30 days of them). */
const READER_LIST_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long an announcement's finished outbox rows are kept (decision 113): the readers' 30 days.
 * After that nobody reads the rows themselves; the admin's figures live on in the announcement.
 */
export const OUTBOX_KEEP_DAYS = 30;
/** Announcements pruned per transaction round: each is one DELETE of up to a school's devices and one UPDATE. */
const PRUNE_BATCH = 20;

type Actor = Pick<SessionUser, "id" | "email">;
type Logger = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** The push of an announcement: the admin's words as written; it opens the app on Home. */
export function announcementPayload(id: number, title: string, body: string): PushPayload {
  return { title, body, url: "/", tag: `announcement-${id}` };
}

/** A push's body: an event's when, then the admin's words (an event's description, which may be empty). */
function pushBody(row: { body: string; event: AnnouncementEvent | null; locale: Locale }): string {
  if (!row.event) return row.body;
  return [announcementWhen(row.event, row.locale), row.body].filter(Boolean).join("\n");
}

/** The longest "when" line an event's push starts with ("Wed, Sep 30, 2026 – Thu, Oct 1, 2026"), with room to spare. */
const WHEN_LINE_MAX = 120;

/** What an announcement is made from the school's event with: when Home stops showing it, and the event. */
/** What createIn is given: the API's input, its days on Home (3 unless given) aside for an event's. */
export type AnnouncementDraft = Omit<AnnouncementInput, "showDays"> & { showDays?: number };

export interface AnnouncementOfEvent {
  event: AnnouncementEvent;
  shownUntil: Date;
}

/**
 * Announcements (decision 113): written with their outbox in one transaction, answered 202 at
 * once; the instances' workers push them in the background.
 */
export function createAnnouncementsService(options: {
  transaction: RunInTransaction;
  announcements: AnnouncementsRepository;
  clock: Clock;
  /** Told after each commit, so this instance's worker starts at once instead of at its next scan. */
  onCreated: () => void;
}) {
  const { transaction, announcements, clock, onCreated } = options;

  /**
   * Creates one inside a transaction under way. Home shows it for `showDays` days, or, made from a
   * school event (its `notify`), until the event has passed; its push then says when, worded for
   * each device's owner (decision 121).
   */
  async function createIn(tx: TransactionScope, admin: Actor, input: AnnouncementDraft, ofEvent?: AnnouncementOfEvent): Promise<number> {
    const longestBody = ofEvent ? `${"x".repeat(WHEN_LINE_MAX)}\n${input.body}` : input.body;
    const payload = JSON.stringify(announcementPayload(2 ** 31 - 1, input.title, longestBody));
    if (Buffer.byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES) throw badRequest(PUSH_PAYLOAD_TOO_LARGE, { body: [PUSH_PAYLOAD_TOO_LARGE] });
    const now = clock();
    const { title, body, audience } = input;
    const { id, devices } = await tx.announcements.create(
      {
        title,
        body,
        audience,
        createdBy: admin.id,
        shownUntil: ofEvent?.shownUntil ?? new Date(now.getTime() + (input.showDays ?? ANNOUNCEMENT_SHOW_DAYS_DEFAULT) * DAY_MS),
        event: ofEvent?.event ?? null,
      },
      now,
    );
    await tx.auditLog.record({
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: "ANNOUNCEMENT_CREATED",
      target: null,
      details: { title: input.title, audience: input.audience, devices },
    });
    tx.afterCommit(onCreated);
    return id;
  }

  return {
    createIn,

    create(admin: Actor, input: AnnouncementDraft): Promise<{ id: number }> {
      return transaction(async (tx) => ({ id: await createIn(tx, admin, input) }));
    },

    list: (): Promise<AnnouncementProgress[]> => announcements.listWithProgress(ADMIN_LIST_MAX),

    async find(id: number): Promise<AnnouncementProgress> {
      const found = await announcements.find(id);
      if (!found) throw notFound(ANNOUNCEMENT_NOT_FOUND);
      return found;
    },

    /**
     * Housekeeping: deletes the finished (sent, failed) outbox rows of announcements older than
     * OUTBOX_KEEP_DAYS, folding their counts into each announcement in the same transaction, so
     * the admin's total/sent/failed stay right. Pending rows stay: they are still to be pushed.
     * Answers how many rows went.
     */
    async pruneOutbox(now = clock()): Promise<number> {
      const before = new Date(now.getTime() - OUTBOX_KEEP_DAYS * DAY_MS);
      let removed = 0;
      for (;;) {
        const ids = await announcements.withFinishedRowsBefore(before, PRUNE_BATCH);
        if (ids.length === 0) return removed;
        for (const id of ids) removed += await transaction((tx) => tx.announcements.pruneFinished(id, before));
      }
    },

    /** For the reader's audience, those Home still shows and the last 30 days', newest first. */
    forReader(user: Pick<SessionUser, "is_admin">): Promise<SchoolAnnouncement[]> {
      const now = clock();
      const since = new Date(now.getTime() - ANNOUNCEMENT_READER_DAYS * DAY_MS);
      return announcements.listForReader(audiencesOf(user.is_admin === 1), since, now, READER_LIST_MAX);
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

/** What one pass of a worker did. */
export interface OutboxReport {
  sent: number;
  failed: number;
  /** Claimed, not started before the batch's deadline, given back. */
  released: number;
}

export interface AnnouncementWorkerOptions {
  announcements: AnnouncementsRepository;
  push: Pick<PushService, "deliverToDevices">;
  log: Logger;
  /** How often the outbox is looked at when nothing woke the worker. */
  scanIntervalMs: number;
  /** Rows claimed at once. */
  batchSize?: number;
  /** How long a batch's pushes may keep starting. */
  budgetMs?: number;
  /** How long a claim stays with this worker; after it, anyone may claim the row again. At least the budget plus a push's time-out. */
  leaseMs?: number;
  clock?: Clock;
  /** Told of every pass (decision 125). */
  metrics?: JobMetrics;
  /**
   * Tests only: runs between the steps of a batch; throwing there stops the worker as a crash
   * would ("claimed": rows claimed, nothing pushed; "pushed": pushed, not marked).
   */
  crashPoint?: (step: "claimed" | "pushed") => void;
}

const DEFAULT_BATCH = 500;
const DEFAULT_BUDGET_MS = 20_000;
/** The sender's longest wait for one push (push-service.ts) and a margin. */
const PUSH_TIMEOUT_MS = 5_000;

/** The lease a budget needs: the budget, the last push's time-out, and a margin. */
export function announcementLeaseMs(budgetMs = DEFAULT_BUDGET_MS): number {
  return budgetMs + PUSH_TIMEOUT_MS + 2_000;
}

/**
 * The outbox's worker of one instance (decision 113). A pass claims a batch (a lease under a
 * token of this worker), pushes it, marks each row sent or failed under the same token, and goes
 * on until nothing is left to claim. Marking comes after the push: a crash in between leaves rows
 * pending, and whoever claims them after the lease pushes them again (at least once; the same
 * Topic and tag make a second copy replace the first).
 */
export function createAnnouncementWorker(options: AnnouncementWorkerOptions) {
  const { announcements, push, log, scanIntervalMs, crashPoint } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const leaseMs = options.leaseMs ?? announcementLeaseMs(budgetMs);
  const clock = options.clock ?? (() => new Date());
  const token = randomUUID();

  async function deliver(batch: ClaimedDelivery[], deadline: number, report: OutboxReport) {
    const removed = batch.filter((row) => row.endpoint === null).map((row) => row.id);
    const live = batch.filter((row) => row.endpoint !== null);
    const outcomes = await push.deliverToDevices(
      live.map((row) => ({
        target: { id: row.subscriptionId, endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! },
        payload: announcementPayload(row.announcementId, row.title, pushBody(row)),
      })),
      deadline,
      { warn: (message) => log.warn({}, message) },
    );
    crashPoint?.("pushed");
    const sent: number[] = [];
    const failed = [...removed];
    const notStarted: number[] = [];
    outcomes.forEach((outcome, i) => {
      const id = live[i]!.id;
      if (outcome.result === "delivered") sent.push(id);
      else if (outcome.notStarted) notStarted.push(id);
      else failed.push(id); // gone (removed by the sender) or refused
    });
    const now = clock();
    report.sent += await announcements.finish(sent, "sent", token, now);
    report.failed += await announcements.finish(failed, "failed", token, now);
    await announcements.release(notStarted, token);
    report.released += notStarted.length;
  }

  /** Claims and pushes batches until none is left (or only rows another worker holds), or the worker stops. */
  async function runOnce(pass?: Pass): Promise<OutboxReport> {
    const report: OutboxReport = { sent: 0, failed: 0, released: 0 };
    while (!pass?.signal.aborted) {
      const now = clock().getTime();
      const batch = await announcements.claim(token, new Date(now), new Date(now - leaseMs), batchSize);
      if (batch.length === 0) break;
      crashPoint?.("claimed");
      const released = report.released;
      await deliver(batch, now + budgetMs, report);
      // A short batch was the last, unless the deadline gave rows back: those are claimed again now
      // (some pushes of every batch start, so this ends).
      if (batch.length < batchSize && report.released === released) break;
    }
    return report;
  }

  const worker = createWorker({
    name: "announcements",
    runOnce,
    intervalMs: scanIntervalMs,
    budgetMs,
    onReport: (report) => {
      if (report.sent || report.failed) log.info({ announcements: report }, "announcements pushed");
    },
    failureMessage: "announcement delivery failed; trying again at the next scan",
    log,
    metrics: options.metrics,
  });

  return { runOnce, ...worker };
}
export type AnnouncementWorker = ReturnType<typeof createAnnouncementWorker>;
