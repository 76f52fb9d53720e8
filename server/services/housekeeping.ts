import type { FastifyBaseLogger } from "fastify";
import type { Services } from ".";

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** One sweep: expired sessions and ended rate-limit windows. Returns what it removed. */
export async function sweepExpiredRows(services: Pick<Services, "sessions" | "rateLimits">, now = new Date()) {
  const sessions = await services.sessions.deleteExpired(now);
  const rateLimits = await services.rateLimits.deleteExpired(now);
  return { sessions, rateLimits };
}

/**
 * Sweeps at start-up and then hourly. Every instance may sweep: the deletes are idempotent.
 * A failed sweep is logged and retried at the next tick; it never stops the server.
 */
export function startHousekeeping(
  services: Pick<Services, "sessions" | "rateLimits">,
  log: FastifyBaseLogger,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
) {
  const sweep = () =>
    sweepExpiredRows(services).then(
      (removed) => {
        if (removed.sessions || removed.rateLimits) log.info({ removed }, "housekeeping: expired rows removed");
      },
      (error: unknown) => log.warn({ err: error }, "housekeeping sweep failed"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
