import type { HealthRepository } from "../repositories/health";

/** What /api/health reports: the app is up and can reach its database. */
export function createHealthService(repo: HealthRepository, { timeoutMs }: { timeoutMs: number }) {
  return {
    /**
     * Resolves when the database answers within `timeoutMs`; rejects with the driver's error, or
     * a time-out, otherwise: a probe gets its answer quickly even while the database stalls.
     */
    async check(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`health check: no answer from the database within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([repo.ping(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
