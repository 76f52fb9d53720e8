import type { FastifyBaseLogger } from "fastify";
import type { Services } from ".";
import { IDEMPOTENCY_KEY_TTL_MS } from "./idempotency";

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** A finished reminder claim is kept this long after its reminder came due (a write can re-arm at most 15 minutes back). */
export const SENT_REMINDER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A finished mail's row (sent or failed; what it said is already erased) is kept this long, for an operator to look at. */
export const FINISHED_MAIL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type SweptServices = Pick<
  Services,
  "sessions" | "rateLimits" | "idempotencyKeys" | "reminders" | "sso" | "announcements" | "passwordResetTokens" | "mailOutbox"
>;

/**
 * One sweep: expired sessions, ended rate-limit windows, old Idempotency-Keys, abandoned provider
 * sign-ins, old announcements' finished outbox rows, expired forgot-password tokens and old finished
 * mails. Returns what it removed.
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
  return { sessions, rateLimits, idempotencyKeys, sentReminders, ssoLogins, announcementDeliveries, passwordResetTokens, mails };
}

/**
 * Sweeps at start-up and then hourly. Every instance may sweep: the deletes are idempotent.
 * A failed sweep is logged and retried at the next tick; it never stops the server.
 */
export function startHousekeeping(services: SweptServices, log: FastifyBaseLogger, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  const sweep = () =>
    sweepExpiredRows(services).then(
      (removed) => {
        if (Object.values(removed).some(Boolean)) log.info({ removed }, "housekeeping: expired rows removed");
      },
      (error: unknown) => log.warn({ err: error }, "housekeeping sweep failed"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
