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

/** One attempt at a secret, already counted as a failure; a failure needs nothing more. */
export interface FailureAttempt {
  /** The secret was right: clear the subject's count (its earlier failures are forgiven). */
  succeeded(): Promise<void>;
  /** The attempt was no failure (a right secret that should not clear, a refusal, an outage): take it off the count. */
  release(): Promise<void>;
}

/**
 * Counts failed secret checks (a password, a passcode) per subject in the database, so every
 * instance sees the same count. `begin` counts the attempt as a failure BEFORE the secret is
 * checked, in one atomic upsert that returns the new count, so simultaneous attempts cannot all
 * pass a check made before any of them was counted: once `max` sit in the window, the next is
 * refused with 429 before the secret is even looked at (so the right secret does not help either).
 * Sign-in (per address and account, per address, per account) and set-new-password use it; so
 * will the admin passcode step-up (decision 051).
 */
export function createFailureCounter<Subject>(repo: RateLimitsRepository, { keyOf, limit, message }: FailureCounterOptions<Subject>) {
  return {
    async begin(subject: Subject): Promise<FailureAttempt> {
      const key = keyOf(subject);
      const { count, windowEndsAt } = await repo.hit(key, limit.windowMs);
      const attempt: FailureAttempt = {
        succeeded: () => repo.clear(key),
        release: () => repo.release(key, windowEndsAt),
      };
      if (count > limit.max) {
        // Refused unchecked: not a failure, so it does not lengthen anything or count elsewhere.
        await attempt.release();
        throw tooManyRequests(message, (new Date(windowEndsAt).getTime() - Date.now()) / 1000);
      }
      return attempt;
    },
  };
}
export type FailureCounter<Subject> = ReturnType<typeof createFailureCounter<Subject>>;
