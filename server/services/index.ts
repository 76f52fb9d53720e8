import type { AppConfig } from "../config";
import type { Db } from "../db/connection";
import { createRepositories } from "../repositories/create-repositories";
import { type AuthRateLimits, createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS, scaleLimits } from "./rate-limiter";

/** The app's own services, built once and handed to the routes. */
export function createServices(config: AppConfig, db: Db, options: { authRateLimits?: AuthRateLimits } = {}) {
  const repositories = createRepositories(db);
  return {
    config,
    db,
    ...repositories,
    authRateLimiter: createAuthRateLimiter(
      repositories.rateLimits,
      options.authRateLimits ?? scaleLimits(DEFAULT_AUTH_RATE_LIMITS, config.authRateLimitMultiplier),
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
