import { randomUUID } from "node:crypto";
import { messageRef } from "../../core/i18n/translate";
import {
  deletionDate,
  noticeCutoff,
  RETENTION_NOTICE_DAYS,
  type RetentionCandidate,
  type RetentionPolicy,
  retentionPlan,
} from "../../core/retention";
import type { RetentionOverview } from "../../core/schemas/retention";
import { conflict, forbidden, notFound } from "../errors";
import { userLocale } from "../i18n";
import type { JobLogger, JobMetrics, Pass } from "../jobs/worker";
import type { ScheduledJobsRepository } from "../repositories/scheduled-jobs";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { UserRow } from "../db/schema";
import { deleteAccountIn } from "./account-deletion";
import { CANNOT_DELETE_SELF, LAST_ADMIN, USER_NOT_FOUND } from "./admin-service";
import type { Clock } from "./reminders";
import { createSingleInstanceJob } from "./scheduled-job";

/** The sweep's job name in `scheduled_jobs`. */
export const RETENTION_JOB = "retention";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Accounts one sweep reaches at most; the rest wait for the next hour. */
const SWEEP_LIMIT = 1000;
/** The dry run lists at most this many of each. */
const PREVIEW_LIMIT = 500;

export const COHORT_HAS_STAFF = messageRef("admin.cohort_has_staff");

/** What one sweep did. */
export interface RetentionReport {
  notified: number;
  deleted: number;
  auditPruned: number;
}

/**
 * The retention policy (issue 55, decision 137): accounts unused for RETENTION_INACTIVE_DAYS are
 * told by mail 30 days before, then deleted with all their data, each deletion audited without the
 * data (who, when, why); audit entries older than AUDIT_RETENTION_DAYS go. Staff accounts are the
 * admins' to remove. The sweep runs at each instance's start-up and then hourly, one instance at a
 * time; staff read the policy and a dry run of the next sweep, and delete a cohort at once.
 */
export function createRetentionService(options: {
  transaction: RunInTransaction;
  scheduledJobs: ScheduledJobsRepository;
  clock: Clock;
  inactiveDays: number | null;
  auditDays: number;
  /** RETENTION_DISABLED_DAYS: the roster's closed accounts go this long after. */
  disabledDays: number;
  /** PUBLIC_URL when mail is sent: the notice's sign-in link; null, no notice (deletion without one). */
  publicUrl: string | null;
  onMailWritten: () => void;
}) {
  const { transaction, scheduledJobs, clock, publicUrl, onMailWritten } = options;
  const policy: RetentionPolicy = {
    inactiveDays: options.inactiveDays,
    auditDays: options.auditDays,
    disabledDays: options.disabledDays,
    noticeDays: RETENTION_NOTICE_DAYS,
    mailNotices: publicUrl !== null,
  };

  async function candidates(now: Date, limit: number): Promise<RetentionCandidate[]> {
    const before = noticeCutoff(policy, now);
    if (!before) return [];
    // Without notices, nobody is in reach before the deletion itself.
    const reach = policy.mailNotices ? before : new Date(now.getTime() - policy.inactiveDays! * DAY_MS);
    return transaction((tx) => tx.users.unusedSince(reach, limit));
  }

  async function notify(candidate: RetentionCandidate, now: Date): Promise<boolean> {
    return transaction(async (tx) => {
      const user = await tx.users.findById(candidate.userId);
      if (!user || user.is_admin) return false;
      await tx.users.setRetentionNotice(user.id, now);
      await tx.mailOutbox.enqueue(
        {
          messageId: `<${randomUUID()}@${new URL(publicUrl!).hostname}>`,
          to: user.email,
          template: "retention-notice",
          locale: userLocale(user.locale),
          params: {
            name: user.first_name,
            email: user.email,
            link: `${publicUrl}/auth`,
            date: deletionDate(policy, candidate, now).toISOString().slice(0, 10),
            days: policy.inactiveDays,
          },
          sendBefore: new Date(now.getTime() + 7 * DAY_MS),
        },
        now,
      );
      tx.afterCommit(onMailWritten);
      return true;
    });
  }

  /** Deletes an account with everything it holds, audited as the policy's (when, why, never the data), inside `tx`. */
  function expireIn(tx: TransactionScope, user: UserRow, why: Record<string, unknown>, now: Date) {
    return deleteAccountIn(tx, user.id, { missing: () => notFound(USER_NOT_FOUND), lastAdmin: LAST_ADMIN }, () =>
      tx.auditLog.record({ actorUserId: null, actorEmail: null, action: "ACCOUNT_EXPIRED", target: user.email, details: why }, now),
    );
  }

  /** An unused account, in one transaction: unless it was used since it was read, or made staff. */
  async function expire(candidate: RetentionCandidate, now: Date): Promise<boolean> {
    return transaction(async (tx) => {
      const user = await tx.users.findById(candidate.userId);
      const stillUnused = await tx.users.unusedSince(new Date(now.getTime() - policy.inactiveDays! * DAY_MS), 1, candidate.userId);
      if (!user || user.is_admin || stillUnused.length === 0) return false;
      await expireIn(tx, user, { inactiveDays: policy.inactiveDays, lastSeenAt: candidate.lastSeenAt, noticeAt: candidate.noticeAt }, now);
      return true;
    });
  }

  /** An account the roster closed long enough ago, in one transaction: unless it was opened again since. */
  async function expireClosed(userId: number, now: Date): Promise<boolean> {
    return transaction(async (tx) => {
      const user = await tx.users.findById(userId);
      if (!user?.disabled_at || user.is_admin || Date.parse(user.disabled_at) >= now.getTime() - policy.disabledDays * DAY_MS) return false;
      await expireIn(tx, user, { disabledDays: policy.disabledDays, disabledAt: user.disabled_at }, now);
      return true;
    });
  }

  /** One sweep: notices, deletions, the audit log's old entries. */
  async function sweep(pass?: Pass): Promise<RetentionReport> {
    const report: RetentionReport = { notified: 0, deleted: 0, auditPruned: 0 };
    const now = clock();
    const plan = retentionPlan(policy, await candidates(now, SWEEP_LIMIT), now);
    for (const candidate of plan.notify) {
      if (pass?.signal.aborted) return report;
      if (await notify(candidate, now)) report.notified++;
    }
    for (const candidate of plan.delete) {
      if (pass?.signal.aborted) return report;
      if (await expire(candidate, now)) report.deleted++;
    }
    // The roster closed them (tobedeleted, or no longer listed) RETENTION_DISABLED_DAYS ago.
    const closed = await transaction((tx) => tx.users.disabledBefore(new Date(now.getTime() - policy.disabledDays * DAY_MS), SWEEP_LIMIT));
    for (const account of closed) {
      if (pass?.signal.aborted) return report;
      if (await expireClosed(account.id, now)) report.deleted++;
    }
    report.auditPruned = await transaction((tx) => tx.auditLog.deleteOlderThan(new Date(now.getTime() - policy.auditDays * DAY_MS)));
    return report;
  }

  return {
    policy,
    sweep,

    /** GET /api/admin/retention: the policy and a dry run of the next sweep. */
    async overview(): Promise<RetentionOverview> {
      const now = clock();
      const plan = retentionPlan(policy, await candidates(now, SWEEP_LIMIT), now);
      const job = await scheduledJobs.find(RETENTION_JOB);
      const listed = (list: RetentionCandidate[]) =>
        list.slice(0, PREVIEW_LIMIT).map(({ userId, email, lastSeenAt }) => ({ userId, email, lastSeenAt }));
      return { policy, willNotify: listed(plan.notify), willDelete: listed(plan.delete), lastRunAt: job?.last_run_at ?? null };
    },

    /**
     * POST /api/admin/retention/cohort: a graduating class, say, deleted at once after a typed
     * confirmation, in one transaction, each account audited. Not staff, not oneself: those are
     * deleted one by one from the user list.
     */
    async deleteCohort(admin: Pick<SessionUser, "id" | "email">, userIds: readonly number[]): Promise<{ deleted: number }> {
      if (userIds.includes(admin.id)) throw forbidden(CANNOT_DELETE_SELF);
      return transaction(async (tx) => {
        const now = clock();
        for (const id of userIds) {
          const user = await tx.users.findById(id);
          if (!user) throw notFound(USER_NOT_FOUND);
          if (user.is_admin) throw conflict(COHORT_HAS_STAFF);
          await deleteAccountIn(tx, id, { missing: () => notFound(USER_NOT_FOUND), lastAdmin: LAST_ADMIN }, () =>
            tx.auditLog.record(
              {
                actorUserId: admin.id,
                actorEmail: admin.email,
                action: "USER_DELETED",
                target: user.email,
                details: { cohort: userIds.length },
              },
              now,
            ),
          );
        }
        return { deleted: userIds.length };
      });
    },

    /** This instance's sweep job: at start-up, then hourly, one instance at a time. */
    worker(log: JobLogger, settings: { checkEveryMs: number; metrics?: JobMetrics }) {
      return createSingleInstanceJob({
        name: RETENTION_JOB,
        scheduledJobs,
        clock,
        everyMs: HOUR_MS,
        checkEveryMs: settings.checkEveryMs,
        leaseMs: 10 * 60 * 1000,
        run: sweep,
        onReport: (report) => {
          if (report.notified + report.deleted + report.auditPruned > 0) log.info(report, "retention sweep");
        },
        failureMessage: "retention sweep failed; trying again at the next pass",
        log,
        ...(settings.metrics ? { metrics: settings.metrics } : {}),
      });
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
