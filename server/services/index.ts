import type { AppConfig } from "../config";
import type { Db } from "../db/connection";
import { createRepositories } from "../repositories/create-repositories";
import { createHealthRepository } from "../repositories/health";
import { createHealthService } from "./health";
import { type AuthRateLimits, createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS, scaleLimits } from "./rate-limiter";

/**
 * The app's own services, built once and handed to the routes. The database handle stays in
 * here: routes reach data only through repositories and services.
 */
export function createServices(config: AppConfig, db: Db, options: { authRateLimits?: AuthRateLimits } = {}) {
  const repositories = createRepositories(db);
  return {
    config,
    ...repositories,
    health: createHealthService(createHealthRepository(db)),
    authRateLimiter: createAuthRateLimiter(
      repositories.rateLimits,
      options.authRateLimits ?? scaleLimits(DEFAULT_AUTH_RATE_LIMITS, config.authRateLimitMultiplier),
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
