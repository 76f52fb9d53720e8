import type { AppConfig } from "../config";
import type { Db } from "../db/connection";
import { createRateLimitsRepository } from "../repositories/rate-limits";
import { createSessionsRepository } from "../repositories/sessions";
import { createSettingsRepository } from "../repositories/settings";
import { createTasksRepository } from "../repositories/tasks";
import { createUsersRepository } from "../repositories/users";
import { type AuthRateLimits, createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS, scaleLimits } from "./rate-limiter";

/** The app's own services, built once and handed to the routes. */
export function createServices(config: AppConfig, db: Db, options: { authRateLimits?: AuthRateLimits } = {}) {
  const rateLimits = createRateLimitsRepository(db);
  return {
    config,
    db,
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    settings: createSettingsRepository(db),
    tasks: createTasksRepository(db),
    rateLimits,
    authRateLimiter: createAuthRateLimiter(
      rateLimits,
      options.authRateLimits ?? scaleLimits(DEFAULT_AUTH_RATE_LIMITS, config.authRateLimitMultiplier),
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
