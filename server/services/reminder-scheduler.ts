import { randomUUID } from "node:crypto";
import type { Locale } from "../../core/i18n/locale";
import {
  CATCH_UP_MS,
  eveningSummary,
  nextEventReminder,
  nextSummaryAt,
  nextTaskReminder,
  type ReminderCandidate,
  zonedInstant,
} from "../../core/reminders";
import type { PushPayload } from "../../core/schemas/push";
import type { ReminderScheduleRow, SentReminderStatus } from "../db/schema";
import type { RemindersRepository } from "../repositories/reminders";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { type MetricsSink, NO_METRICS } from "./metrics-sink";
import { createWorker, type Pass } from "../jobs/worker";
import type { PushService, UserPush } from "./push-service";
import { hiddenDates } from "../../core/calendar/series-children";
import type { Clock, ReminderPlanner } from "./reminders";
import { eveningSummaryWords, eventReminderBody, reminderTitle, studyBlockWords, taskReminderBody } from "./reminder-words";
import type { StudyPlanService } from "./study-plan";
import { userLocale } from "../i18n";
import { addDaysToDate, clockTimeIn, todayIn } from "../../core/dates";
import { studyBlockCheck } from "../../core/study-plan";
import { appBadgeCount } from "../../core/tasks";

/** Reminders claimed per transaction: the locks are held only while a batch is planned, never while it is pushed. */
const BATCH_SIZE = 200;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type Logger = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** What one scan did, for the logs, the tests and the bench. */
export interface ScanReport {
  sent: number;
  failed: number;
  skipped: number;
  empty: number;
  /** Claims of a stopped instance that this one finished. */
  recovered: number;
  /** How long the most overdue reminder the scan claimed had been due (0 when none was): below the scan interval while all is well. */
  lagMs: number;
}

interface Planned {
  status: SentReminderStatus;
  push: UserPush | null;
  /**
   * What the push is recorded under, when not the schedule row's own occurrence, timing and time:
   * a study block's push goes once per task (or exam) a day, whichever look at the plan finds it,
   * and is due when that look found it under way (never late, however late the look).
   */
  claimAs?: { occurrence: string; timing: string; dueAt: number };
}

export interface ReminderSchedulerOptions {
  transaction: RunInTransaction;
  reminders: RemindersRepository;
  planner: ReminderPlanner;
  /** Reads a student's plan for the push at a study block's start (decision 132). */
  studyPlan: Pick<StudyPlanService, "planFor">;
  push: Pick<PushService, "deliverToUsers">;
  timeZone: string;
  clock: Clock;
  scanIntervalMs: number;
  log: Logger;
  /** Told about every scan (decision 106). */
  metrics?: MetricsSink;
}

/** How long a scan's pushes may keep starting: two scan intervals, at least 5 s. */
function deliveryBudgetMs(scanIntervalMs: number): number {
  return Math.max(5_000, 2 * scanIntervalMs);
}

/**
 * How long a claim stays with the instance that made it: its pushes' budget, the last push's
 * time-out (5 s) and a margin. Only after that may another instance take it over.
 */
export function leaseMs(scanIntervalMs: number): number {
  return deliveryBudgetMs(scanIntervalMs) + 5_000 + 2_000;
}

/** A reminder is worth delivering until an hour after what it is for began (a day at most, a minute at least). */
function ttlSeconds(candidate: Pick<ReminderCandidate, "occurrenceAt">, now: number): number {
  return Math.round(Math.min(24 * HOUR_MS, Math.max(MINUTE_MS, candidate.occurrenceAt + HOUR_MS - now)) / 1000);
}

/**
 * The reminder scheduler of one instance (decision 089). Every `scanIntervalMs` it claims the
 * reminders due (reminder_schedule, FOR UPDATE SKIP LOCKED on PostgreSQL), and for each, in the
 * same transaction, re-reads the item, records the claim in sent_reminders (unique per item,
 * occurrence and timing: a second claimer or a retry finds it and sends nothing) and moves the
 * schedule to the item's next reminder. After the commit it pushes, then marks the claims sent or
 * failed. A claim left pending by an instance that stopped mid-push is taken over after a lease.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions) {
  const { transaction, reminders, planner, studyPlan, push, timeZone, clock, scanIntervalMs, log, metrics = NO_METRICS } = options;

  /**
   * What a user's reminders carry, read once per batch: the language they are worded in
   * (users.locale), and the count for the app icon's badge (decision 119): tasks due today or
   * overdue, today being the school's at planning time; none when the student turned it off.
   */
  type Recipient = { locale: Locale; badge?: number };
  type Recipients = Map<number, Promise<Recipient>>;
  function recipientOf(tx: TransactionScope, recipients: Recipients, userId: number, now: number): Promise<Recipient> {
    let recipient = recipients.get(userId);
    if (!recipient) {
      recipient = tx.users.findById(userId).then(async (user) => {
        const locale = userLocale(user?.locale);
        if (!user || user.app_badge === 0) return { locale };
        return { locale, badge: await tx.tasks.countDueBy(userId, todayIn(timeZone, new Date(now))) };
      });
      recipients.set(userId, recipient);
    }
    return recipient;
  }

  /** The push for a claimed task reminder, or why there is none; moves the task's schedule on. */
  async function planTask(
    tx: TransactionScope,
    row: ReminderScheduleRow,
    dueAt: number,
    now: number,
    recipients: Recipients,
  ): Promise<Planned | null> {
    const task = await tx.tasks.findForUser(row.user_id, row.item_id);
    if (!task) {
      await tx.reminders.unschedule("task", [row.item_id]);
      return null;
    }
    const candidate = nextTaskReminder(task, timeZone, { after: dueAt - 1 });
    const current = candidate?.at === dueAt && candidate.occurrence === row.occurrence && task.reminder === row.timing;
    await planner.armTask(tx, task, { after: Math.max(dueAt, now - CATCH_UP_MS) });
    if (!current || !candidate) return null;
    const { locale, badge } = await recipientOf(tx, recipients, task.userId, now);
    const payload: PushPayload = {
      title: reminderTitle(task.title, candidate, now, timeZone, locale),
      body: taskReminderBody(task.subject, locale),
      url: `/?task=${task.id}#todo`,
      tag: `reminder-task-${task.id}-${candidate.occurrence}`,
      ...(badge === undefined ? {} : { badge }),
    };
    return { status: "pending", push: { userId: task.userId, payload, ttlSeconds: ttlSeconds(candidate, now) } };
  }

  async function planEvent(
    tx: TransactionScope,
    row: ReminderScheduleRow,
    dueAt: number,
    now: number,
    recipients: Recipients,
  ): Promise<Planned | null> {
    const event = await tx.events.findForUser(row.user_id, row.item_id);
    if (!event) {
      await tx.reminders.unschedule("event", [row.item_id]);
      return null;
    }
    const children = event.recurring === "none" ? [] : await tx.events.listChildren(event.userId, event.id);
    const candidate = nextEventReminder(event, hiddenDates(children), timeZone, { after: dueAt - 1 });
    const current = candidate?.at === dueAt && candidate.occurrence === row.occurrence && event.notificationTiming === row.timing;
    await planner.armEvent(tx, event, { after: Math.max(dueAt, now - CATCH_UP_MS) }, children);
    if (!current || !candidate) return null;
    const { locale, badge } = await recipientOf(tx, recipients, event.userId, now);
    const payload: PushPayload = {
      title: reminderTitle(event.title, candidate, now, timeZone, locale),
      body: eventReminderBody(event.eventType, event.subject, locale),
      url: `/?day=${candidate.date}#calendar`,
      tag: `reminder-event-${event.id}-${candidate.occurrence}`,
      ...(badge === undefined ? {} : { badge }),
    };
    return { status: "pending", push: { userId: event.userId, payload, ttlSeconds: ttlSeconds(candidate, now) } };
  }

  async function planSummary(tx: TransactionScope, row: ReminderScheduleRow, dueAt: number, now: number): Promise<Planned | null> {
    const user = await tx.users.findById(row.item_id);
    const time = user?.evening_summary_time ?? null;
    if (!user || time === null) {
      await tx.reminders.unschedule("summary", [row.item_id]);
      return null;
    }
    const current = time === row.timing && nextSummaryAt(time, timeZone, dueAt - 1).at === dueAt;
    await planner.armSummary(tx, user.id, time, Math.max(dueAt, now - CATCH_UP_MS));
    if (!current) return null;
    const tasks = await tx.tasks.listForUser(user.id);
    const summary = eveningSummary(tasks, row.occurrence, dueAt, timeZone);
    if (!summary) return { status: "empty", push: null };
    const { title, body } = eveningSummaryWords(summary, userLocale(user.locale));
    // The summary has just read the list: its badge needs no query of its own.
    const badge = user.app_badge === 0 ? {} : { badge: appBadgeCount(tasks, todayIn(timeZone, new Date(now))) };
    const payload: PushPayload = { title, body, url: "/#todo", tag: `summary-${row.occurrence}`, ...badge };
    // Worth reading until the next morning.
    return { status: "pending", push: { userId: user.id, payload, ttlSeconds: 12 * 60 * 60 } };
  }

  /**
   * A look at a student's plan (decision 132): a block under way now (the plan places today's work
   * from now, so one starting now begins now) is pushed, once per task or exam a day; the next look
   * is armed for when it ends, or when the first block later today starts, an hour on at most.
   */
  async function planStudy(tx: TransactionScope, row: ReminderScheduleRow, now: number): Promise<Planned | null> {
    const user = await tx.users.findById(row.item_id);
    if (!user || user.study_block_reminders === 0) {
      await tx.reminders.unschedule("study", [row.item_id]);
      return null;
    }
    const today = todayIn(timeZone, new Date(now));
    const plan = await studyPlan.planFor(user, today, 1, tx);
    const { current, nextTime } = studyBlockCheck(plan.days[0] ?? { blocks: [] }, clockTimeIn(timeZone, new Date(now)));
    const next = nextTime === null ? zonedInstant(addDaysToDate(today, 1), "00:00", timeZone) : zonedInstant(today, nextTime, timeZone);
    await planner.armStudy(tx, user.id, true, new Date(next));
    if (!current) return null;
    const { title, body } = studyBlockWords(current, userLocale(user.locale));
    const key = current.kind === "task" ? `task-${current.taskId}` : `exam-${current.eventId}`;
    const payload: PushPayload = { title, body, url: "/plan", tag: `study-${today}-${key}` };
    const untilEnd = zonedInstant(today, current.end, timeZone) - now;
    return {
      status: "pending",
      push: { userId: user.id, payload, ttlSeconds: Math.max(60, Math.round(untilEnd / 1000)) },
      claimAs: { occurrence: today, timing: key, dueAt: now },
    };
  }

  /** Claims one batch and plans it, in one transaction; answers the pushes to make and how many rows it claimed. */
  async function claimBatch(token: string, now: number, report: ScanReport) {
    return transaction(async (tx) => {
      const rows = await tx.reminders.claimDue(new Date(now), BATCH_SIZE);
      const pushes: { claimId: number; push: UserPush }[] = [];
      const recipients: Recipients = new Map();
      for (const row of rows) {
        const dueAt = Date.parse(row.due_at);
        report.lagMs = Math.max(report.lagMs, now - dueAt);
        const plan =
          row.kind === "task"
            ? await planTask(tx, row, dueAt, now, recipients)
            : row.kind === "event"
              ? await planEvent(tx, row, dueAt, now, recipients)
              : row.kind === "study"
                ? await planStudy(tx, row, now)
                : await planSummary(tx, row, dueAt, now);
        if (!plan) continue;
        // Too late after downtime: recorded as skipped, not sent.
        const claimDueAt = plan.claimAs?.dueAt ?? dueAt;
        const status = plan.status === "pending" && claimDueAt < now - CATCH_UP_MS ? "skipped" : plan.status;
        const claimId = await tx.reminders.recordClaim(
          {
            userId: row.user_id,
            kind: row.kind,
            itemId: row.item_id,
            occurrence: plan.claimAs?.occurrence ?? row.occurrence,
            timing: plan.claimAs?.timing ?? row.timing,
            dueAt: new Date(claimDueAt).toISOString(),
            status,
            payload: plan.push ? JSON.stringify(plan.push) : null,
          },
          token,
          new Date(now),
        );
        if (claimId === null) continue; // claimed before (a re-armed reminder already sent): never twice
        if (status === "pending" && plan.push) pushes.push({ claimId, push: plan.push });
        else if (status === "skipped") report.skipped++;
        else if (status === "empty") report.empty++;
      }
      return { pushes, claimed: rows.length };
    });
  }

  /** Pushes claimed reminders and records what became of each. */
  async function deliver(token: string, batch: readonly { claimId: number; push: UserPush }[], now: number, report: ScanReport) {
    if (batch.length === 0) return;
    const results = await push.deliverToUsers(
      batch.map((b) => b.push),
      now + deliveryBudgetMs(scanIntervalMs),
      { warn: (message) => log.warn({}, message) },
    );
    const sent = batch.filter((_, i) => results[i]!.delivered > 0).map((b) => b.claimId);
    const failed = batch.filter((_, i) => results[i]!.delivered === 0).map((b) => b.claimId);
    const finishedAt = clock();
    await reminders.finish(sent, "sent", token, finishedAt);
    await reminders.finish(failed, "failed", token, finishedAt);
    report.sent += sent.length;
    report.failed += failed.length;
  }

  /** Claims a stopped instance left pending: sent now if still within the catch-up window, else skipped. */
  async function recover(token: string, now: number, report: ScanReport) {
    const stale = await reminders.takeOverStale(token, new Date(now - leaseMs(scanIntervalMs)), new Date(now), BATCH_SIZE);
    if (stale.length === 0) return;
    for (const row of stale) report.lagMs = Math.max(report.lagMs, now - Date.parse(row.due_at));
    const late = stale.filter((row) => Date.parse(row.due_at) < now - CATCH_UP_MS || row.payload === null);
    await reminders.finish(
      late.map((row) => row.id),
      "skipped",
      token,
      new Date(now),
    );
    report.skipped += late.length;
    const retry = stale
      .filter((row) => !late.includes(row))
      .map((row) => ({ claimId: row.id, push: JSON.parse(row.payload!) as UserPush }));
    await deliver(token, retry, now, report);
    report.recovered += retry.length;
  }

  /** One scan: a stopped instance's claims, then the reminders due, batch by batch until none is left or the worker stops. */
  async function scanOnce(pass?: Pass): Promise<ScanReport> {
    const report: ScanReport = { sent: 0, failed: 0, skipped: 0, empty: 0, recovered: 0, lagMs: 0 };
    const started = performance.now();
    const now = clock().getTime();
    // The scan's claims are marked under its token: one taken over after its lease is the new holder's.
    const token = randomUUID();
    try {
      await recover(token, now, report);
      for (;;) {
        const { pushes, claimed } = await claimBatch(token, now, report);
        await deliver(token, pushes, now, report);
        if (claimed < BATCH_SIZE || pass?.signal.aborted) break;
      }
    } catch (error) {
      metrics.reminderScan({ lagMs: report.lagMs, durationMs: performance.now() - started, failed: true });
      throw error;
    }
    metrics.reminderScan({ lagMs: report.lagMs, durationMs: performance.now() - started, failed: false });
    return report;
  }

  const worker = createWorker({
    name: "reminders",
    runOnce: scanOnce,
    intervalMs: scanIntervalMs,
    budgetMs: deliveryBudgetMs(scanIntervalMs),
    onReport: (report) => {
      if (report.sent || report.failed || report.skipped || report.recovered) log.info({ reminders: report }, "reminders pushed");
    },
    failureMessage: "reminder scan failed; trying again at the next scan",
    log,
    metrics,
  });

  return { scanOnce, ...worker };
}
export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
