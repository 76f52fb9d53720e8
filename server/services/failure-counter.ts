import { tooManyRequests } from "../errors";
import type { RateLimitsRepository } from "../repositories/rate-limits";

export interface Limit {
  max: number;
  windowMs: number;
}

export interface FailureCounterOptions<Subject> {
  /** The counter's key in the rate_limits table; one counter per subject (account, user, …). */
  keyOf: (subject: Subject) => string;
  /** `max` failures within `windowMs` lock the subject until the window ends. */
  limit: Limit;
  /** The 429 answer's sentence, saying what to do. */
  message: string;
}

/**
 * Counts failed secret checks (a password, a passcode) per subject in the database, so every
 * instance sees the same count: once `max` sit in the window, the check is refused with 429
 * before the secret is even looked at (so the right secret does not help either), and a success
 * clears the count. Sign-in and set-new-password use it; so will the admin passcode step-up.
 */
export function createFailureCounter<Subject>(repo: RateLimitsRepository, { keyOf, limit, message }: FailureCounterOptions<Subject>) {
  return {
    async assertNotLocked(subject: Subject): Promise<void> {
      if ((await repo.peek(keyOf(subject))) >= limit.max) throw tooManyRequests(message, limit.windowMs / 1000);
    },
    async failed(subject: Subject): Promise<void> {
      await repo.hit(keyOf(subject), limit.windowMs);
    },
    succeeded: (subject: Subject): Promise<void> => repo.clear(keyOf(subject)),
  };
}
export type FailureCounter<Subject> = ReturnType<typeof createFailureCounter<Subject>>;
