import { randomUUID } from "node:crypto";
import { expandEvents } from "../../core/calendar/recurrence";
import { addDaysToDate, todayIn } from "../../core/dates";
import {
  type DigestFrequency,
  digestUntil,
  type GuardianDigest,
  guardianDigest,
  latestDigestDate,
  nextDigestDate,
  previousDigestDate,
} from "../../core/guardian-digest";
import { zonedInstant } from "../../core/reminders";
import { parseDayNumber } from "../../core/day-numbers";
import { createWorker, type JobLogger, type JobMetrics, type Pass, type Worker } from "../jobs/worker";
import { audiencesOf } from "../repositories/announcements";
import type { GuardianRow } from "../repositories/guardians";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { GUARDIAN_DIGESTS_SETTING } from "./admin-service";
import type { Clock } from "./reminders";
import type { SchoolService } from "./school";
import type { StudyPlanService } from "./study-plan";

/** What one pass did: digests written to the outbox, and guardians whose student had nothing to say this period. */
export interface DigestReport {
  written: number;
  quiet: number;
}

/** Guardians read per query; a pass goes on until none is due or its deadline passes. */
const BATCH = 100;
/** A pass may keep writing digests this long; the rest wait for the next pass. */
const BUDGET_MS = 20_000;
/** The announcements a digest reads at most (it shows fewer). */
const ANNOUNCEMENTS_READ = 50;

/** The student's name as the digest's words name them. */
const studentName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`.trim();

/**
 * The families' digest (issue 54, decision 135): at GUARDIAN_DIGEST_TIME in the school's time zone,
 * each confirmed guardian's digest of the period (Monday to Friday, or Sunday) goes to the mail
 * outbox, worded when it is sent in the guardian's language. One transaction per guardian takes the
 * period (`takeDigest`, a compare-and-set of `last_period`) and writes the mail, so a digest goes
 * once whatever the instances, and a crash before the commit leaves it due for the next pass. A
 * period missed while every instance was down is due at the next pass: sent late, once; the periods
 * before it are not (the latest says all they would have).
 */
export function createGuardianDigests(options: {
  transaction: RunInTransaction;
  studyPlan: Pick<StudyPlanService, "planFor">;
  schoolDay: Pick<SchoolService, "schoolDayOf">;
  clock: Clock;
  timeZone: string;
  digestTime: string;
  /** PUBLIC_URL: the unsubscribe link's origin. */
  publicUrl: string;
  onMailWritten: () => void;
}) {
  const { transaction, studyPlan, schoolDay, clock, timeZone, digestTime, publicUrl, onMailWritten } = options;

  /** What the student's digest of `period` says at `now`, or null when there is nothing to say. */
  async function compose(
    tx: TransactionScope,
    guardian: GuardianRow,
    period: string,
    now: Date,
  ): Promise<{ digest: GuardianDigest; student: string } | null> {
    const user = await tx.users.findById(guardian.user_id);
    if (!user) return null;
    const frequency = guardian.frequency;
    const today = todayIn(timeZone, now);
    const until = digestUntil(frequency, period, today);
    // The period the digest looks back on: since the previous digest's send time (the study time
    // done and the announcements made), a week for a weekly one.
    const since = new Date(zonedInstant(previousDigestDate(frequency, period), digestTime, timeZone));
    const [tasks, events, schoolEvents, announcements, focus, { schedule }] = await Promise.all([
      tx.tasks.listForUser(user.id),
      tx.events.listForUser(user.id),
      tx.school.listInRange(today, until),
      tx.announcements.listForReader(audiencesOf(false), since, now, ANNOUNCEMENTS_READ),
      tx.focusSessions.listForUser(user.id, since.toISOString(), now.toISOString()),
      schoolDay.schoolDayOf(user, today, until, tx),
    ]);
    const tomorrow = addDaysToDate(today, 1);
    const planDays = Math.max(0, parseDayNumber(until)! - parseDayNumber(tomorrow)! + 1);
    const plan = planDays > 0 ? await studyPlan.planFor(user, tomorrow, Math.min(planDays, 14), tx) : null;
    const digest = guardianDigest({
      frequency,
      date: period,
      today,
      tasks,
      occurrences: expandEvents(events, today, until),
      schoolEvents,
      daysOff: schedule.daysOff ?? [],
      announcements: announcements
        .filter((a) => Date.parse(a.createdAt) >= since.getTime())
        .map((a) => ({ title: a.title, date: todayIn(timeZone, new Date(a.createdAt)) })),
      doneMinutes: focus.reduce((sum, session) => sum + session.minutes, 0),
      plannedMinutes: plan?.days.reduce((sum, day) => sum + day.plannedMinutes, 0) ?? 0,
    });
    return digest ? { digest, student: studentName(user) } : null;
  }

  /** The digest of one guardian, in its own transaction: taken and written, or left to whoever took it. */
  async function digestFor(guardian: GuardianRow, periods: Readonly<Record<DigestFrequency, string>>, report: DigestReport) {
    await transaction(async (tx) => {
      const period = periods[guardian.frequency];
      if (!(await tx.guardians.takeDigest(guardian.id, guardian.frequency, period))) return;
      const now = clock();
      const composed = await compose(tx, guardian, period, now);
      if (!composed) {
        report.quiet++;
        return;
      }
      const next = nextDigestDate(guardian.frequency, period);
      await tx.mailOutbox.enqueue(
        {
          messageId: `<${randomUUID()}@${new URL(publicUrl).hostname}>`,
          to: guardian.email,
          template: "guardian-digest",
          locale: guardian.locale,
          params: {
            name: "",
            email: guardian.email,
            link: `${publicUrl}/guardians/unsubscribe?token=${guardian.unsubscribe_token}`,
            student: composed.student,
            frequency: guardian.frequency,
            digest: composed.digest,
          },
          // The next digest says it all again: this one is not worth sending after it is due.
          sendBefore: new Date(Math.max(zonedInstant(next, digestTime, timeZone), now.getTime() + 60 * 60 * 1000)),
        },
        now,
      );
      tx.afterCommit(onMailWritten);
      report.written++;
    });
  }

  /** Writes every digest due now to the mail outbox (a pass of the job, and `npm run digests -- --send-due`). */
  async function writeDue(pass: Partial<Pass> = {}): Promise<DigestReport> {
    const report: DigestReport = { written: 0, quiet: 0 };
    const now = clock();
    const periods = {
      daily: latestDigestDate("daily", now, timeZone, digestTime),
      weekly: latestDigestDate("weekly", now, timeZone, digestTime),
    };
    if ((await transaction((tx) => tx.settings.get<boolean>(GUARDIAN_DIGESTS_SETTING))) === false) return report;
    for (;;) {
      const due = await transaction((tx) => tx.guardians.dueForDigest(periods, BATCH));
      for (const guardian of due) {
        if (pass.signal?.aborted || (pass.deadline !== undefined && Date.now() > pass.deadline)) return report;
        await digestFor(guardian, periods, report);
      }
      if (due.length < BATCH) return report;
    }
  }

  return {
    writeDue,
    /** The instance's digest job on the one worker runner (decision 125); started with the others when mail is on. */
    worker(log: JobLogger, settings: { intervalMs: number; metrics?: JobMetrics }): Worker {
      return createWorker({
        name: "guardian-digests",
        intervalMs: settings.intervalMs,
        budgetMs: BUDGET_MS,
        runOnce: writeDue,
        onReport: (report) => {
          if (report.written + report.quiet > 0) log.info(report, "families' digests written");
        },
        failureMessage: "families' digests not written; trying again at the next pass",
        log,
        ...(settings.metrics ? { metrics: settings.metrics } : {}),
      });
    },
  };
}
export type GuardianDigests = ReturnType<typeof createGuardianDigests>;
