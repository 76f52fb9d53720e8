import type { HealthRepository } from "../repositories/health";

/** What /api/health reports: the app is up and can reach its database. */
export function createHealthService(repo: HealthRepository) {
  return {
    /** Resolves when the database answers; rejects with the driver's error otherwise. */
    check: () => repo.ping(),
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
