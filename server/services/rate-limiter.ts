import { createHash } from "node:crypto";
import { tooManyRequests } from "../errors";
import type { RateLimitsRepository } from "../repositories/rate-limits";
import { createFailureCounter, type Limit } from "./failure-counter";

export type { Limit };

export interface AuthRateLimits {
  /** Sign-in attempts from one IP (a whole school may share one address). */
  signInPerIp: Limit;
  /** Failed sign-ins against one account, whatever the IP. */
  signInFailuresPerAccount: Limit;
  /** Registrations from one IP. */
  registerPerIp: Limit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: { max: 100, windowMs: 15 * 60 * 1000 },
  signInFailuresPerAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  registerPerIp: { max: 30, windowMs: 60 * 60 * 1000 },
};

export function scaleLimits(limits: AuthRateLimits, multiplier: number): AuthRateLimits {
  const scale = (l: Limit): Limit => ({ ...l, max: Math.ceil(l.max * multiplier) });
  return {
    signInPerIp: scale(limits.signInPerIp),
    signInFailuresPerAccount: scale(limits.signInFailuresPerAccount),
    registerPerIp: scale(limits.registerPerIp),
  };
}

const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a few minutes and try again.";
const TOO_MANY_REGISTRATIONS = "Too many accounts created from this network. Please try again later.";

const TOO_MANY_PASSWORD_CHANGES = "Too many incorrect passwords. Please wait a few minutes and try again.";
const passwordChangeKey = (userId: number) => `set-password:user:${userId}`;

/**
 * The counter key for an account: a digest, so the key has a fixed size whatever was typed and
 * the table holds no email addresses.
 */
function accountKey(email: string): string {
  return `sign-in:account:${createHash("sha256").update(email).digest("hex")}`;
}

export function createAuthRateLimiter(repo: RateLimitsRepository, limits: AuthRateLimits) {
  async function consume(key: string, limit: Limit, message: string) {
    const { count, windowEndsAt } = await repo.hit(key, limit.windowMs);
    if (count > limit.max) throw tooManyRequests(message, (new Date(windowEndsAt).getTime() - Date.now()) / 1000);
  }

  const signInFailures = createFailureCounter(repo, {
    keyOf: accountKey,
    limit: limits.signInFailuresPerAccount,
    message: TOO_MANY_SIGN_INS,
  });
  // Set-new-password checks the current (temporary) password, so whoever holds a signed-in
  // browser could otherwise guess it without end. Same allowance as sign-in failures.
  const passwordChangeFailures = createFailureCounter(repo, {
    keyOf: passwordChangeKey,
    limit: limits.signInFailuresPerAccount,
    message: TOO_MANY_PASSWORD_CHANGES,
  });

  return {
    signInAttempt: (ip: string) => consume(`sign-in:ip:${ip}`, limits.signInPerIp, TOO_MANY_SIGN_INS),
    registerAttempt: (ip: string) => consume(`register:ip:${ip}`, limits.registerPerIp, TOO_MANY_REGISTRATIONS),
    assertAccountNotLocked: signInFailures.assertNotLocked,
    signInFailed: signInFailures.failed,
    signInSucceeded: signInFailures.succeeded,
    assertPasswordChangeNotLocked: passwordChangeFailures.assertNotLocked,
    passwordChangeFailed: passwordChangeFailures.failed,
    passwordChangeSucceeded: passwordChangeFailures.succeeded,
  };
}
export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
