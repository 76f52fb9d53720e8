import { IDEMPOTENCY_KEY_TTL_MS } from "./idempotency";
import { createWorker, type JobLogger, type JobMetrics } from "../jobs/worker";

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** A finished reminder claim is kept this long after its reminder came due (a write can re-arm at most 15 minutes back). */
export const SENT_REMINDER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A finished mail's row (sent or failed; what it said is already erased) is kept this long, for an operator to look at. */
export const FINISHED_MAIL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What a sweep removes rows through: each answers how many it removed. */
type Sweep = (at: Date) => Promise<number>;
interface SweptServices {
  sessions: { deleteExpired: Sweep };
  rateLimits: { deleteExpired: Sweep };
  idempotencyKeys: { deleteOlderThan: Sweep };
  reminders: { deleteFinishedBefore: Sweep };
  sso: { deleteAbandoned: Sweep };
  announcements: { pruneOutbox: Sweep };
  passwordResetTokens: { deleteExpired: Sweep };
  mailOutbox: { deleteFinishedBefore: Sweep };
  twoFactor: { deleteExpiredChallenges: Sweep };
}

/**
 * One sweep: expired sessions, ended rate-limit windows, old Idempotency-Keys, abandoned provider
 * sign-ins, old announcements' finished outbox rows, expired forgot-password tokens, old finished
 * mails and sign-ins that never gave their second factor. Returns what it removed.
 */
export async function sweepExpiredRows(services: SweptServices, now = new Date()) {
  const sessions = await services.sessions.deleteExpired(now);
  const rateLimits = await services.rateLimits.deleteExpired(now);
  const idempotencyKeys = await services.idempotencyKeys.deleteOlderThan(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
  const sentReminders = await services.reminders.deleteFinishedBefore(new Date(now.getTime() - SENT_REMINDER_TTL_MS));
  const ssoLogins = await services.sso.deleteAbandoned(now);
  const announcementDeliveries = await services.announcements.pruneOutbox(now);
  const passwordResetTokens = await services.passwordResetTokens.deleteExpired(now);
  const mails = await services.mailOutbox.deleteFinishedBefore(new Date(now.getTime() - FINISHED_MAIL_TTL_MS));
  const signInChallenges = await services.twoFactor.deleteExpiredChallenges(now);
  return {
    sessions,
    rateLimits,
    idempotencyKeys,
    sentReminders,
    ssoLogins,
    announcementDeliveries,
    passwordResetTokens,
    mails,
    signInChallenges,
  };
}

/**
 * Sweeps at start-up and then hourly (decision 125: a job on the one runner). Every instance may
 * sweep: the deletes are idempotent. A failed sweep is logged and retried at the next pass; it
 * never stops the server.
 */
export function createHousekeeping(services: SweptServices, log: JobLogger, options: { intervalMs?: number; metrics?: JobMetrics } = {}) {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  return createWorker({
    name: "housekeeping",
    runOnce: () => sweepExpiredRows(services),
    intervalMs,
    budgetMs: intervalMs,
    onReport: (removed) => {
      if (Object.values(removed).some(Boolean)) log.info({ removed }, "housekeeping: expired rows removed");
    },
    failureMessage: "housekeeping sweep failed",
    log,
    metrics: options.metrics,
  });
}
