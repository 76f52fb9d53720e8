import { createHash } from "node:crypto";
import { messageRef } from "../../core/i18n/translate";
import { tooManyRequests } from "../errors";
import type { RateLimitsRepository } from "../repositories/rate-limits";
import { createFailureCounter, type FailureAttempt, type Limit } from "./failure-counter";

export type { Limit };

/** The numbers of decision 051 (sign-in) and 097 (registration). */
export interface AuthRateLimits {
  /** Failed sign-ins from one IP, whatever the account. Successes do not count: a whole school may share one address. */
  signInFailuresPerIp: Limit;
  /** Failed sign-ins for one account from one IP: that address is then locked out of that account, even with the right password. */
  signInFailuresPerAccountAndIp: Limit;
  /** Failed sign-ins for one account from all addresses together: the ceiling a guesser with many addresses meets. */
  signInFailuresPerAccount: Limit;
  /** Wrong current passwords at set-new-password, per account. */
  passwordChangeFailuresPerAccount: Limit;
  /** Registrations from one IP: a whole class signs up from the school's one address (decision 097). */
  registerPerIp: Limit;
  /** Forgot-password requests from one IP, whatever the address asked for (decision 115): over it, 429. */
  forgotPasswordPerIp: Limit;
  /** Forgot-password mails to one account: over it, the answer stays 202 and no mail is written. */
  forgotPasswordPerAccount: Limit;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInFailuresPerIp: { max: 100, windowMs: FIFTEEN_MINUTES },
  signInFailuresPerAccountAndIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  signInFailuresPerAccount: { max: 100, windowMs: FIFTEEN_MINUTES },
  passwordChangeFailuresPerAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  // A class of 40 signing up in one lesson from the school's one address, with room for retries
  // and typos; a short window, so whoever meets the limit waits minutes, not most of an hour.
  registerPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  // A class behind the school's one address, as registration; a mailbox gets a few links at most.
  forgotPasswordPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  forgotPasswordPerAccount: { max: 3, windowMs: FIFTEEN_MINUTES },
};

/** AUTH_RATE_LIMIT_MULTIPLIER: every limit's `max`, scaled. */
export function scaleLimits(limits: AuthRateLimits, multiplier: number): AuthRateLimits {
  const scaled = { ...limits };
  for (const name of Object.keys(scaled) as Array<keyof AuthRateLimits>) {
    scaled[name] = { ...scaled[name], max: Math.ceil(scaled[name].max * multiplier) };
  }
  return scaled;
}

const TOO_MANY_SIGN_INS = messageRef("auth.too_many_sign_ins");
/** The registration 429's sentence (a message reference, decision 108): when to try again, in whole minutes a student can act on. */
export function tooManyRegistrationsMessage(retryAfterSeconds: number): string {
  return messageRef("auth.too_many_registrations", { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}
/** The forgot-password 429's sentence, in whole minutes. */
export function tooManyResetRequestsMessage(retryAfterSeconds: number): string {
  return messageRef("auth.too_many_reset_requests", { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}
const TOO_MANY_PASSWORD_CHANGES = messageRef("auth.too_many_password_changes");

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Counter keys for an account: digests, so a key has a fixed size whatever was typed and the
 * table holds no email addresses.
 */
const accountKey = (email: string) => `sign-in:account:${digest(email)}`;
const accountAndIpKey = ({ email, ip }: { email: string; ip: string }) => `sign-in:account-ip:${digest(`${email}\n${ip}`)}`;
const ipKey = (ip: string) => `sign-in:ip:${ip}`;
const passwordChangeKey = (userId: number) => `set-password:user:${userId}`;

/** A sign-in attempt, counted against its address and account before the password is checked. */
export interface SignInAttempt {
  /** The right password: forgive this address's failures on the account; the attempt counts nowhere. */
  succeeded(): Promise<void>;
  /** Neither right nor wrong (an expired temporary password, an error): the attempt counts nowhere. */
  release(): Promise<void>;
}

export function createAuthRateLimiter(repo: RateLimitsRepository, limits: AuthRateLimits) {
  const perAccountAndIp = createFailureCounter(repo, {
    keyOf: accountAndIpKey,
    limit: limits.signInFailuresPerAccountAndIp,
    message: TOO_MANY_SIGN_INS,
  });
  const perIp = createFailureCounter(repo, { keyOf: ipKey, limit: limits.signInFailuresPerIp, message: TOO_MANY_SIGN_INS });
  const perAccount = createFailureCounter(repo, { keyOf: accountKey, limit: limits.signInFailuresPerAccount, message: TOO_MANY_SIGN_INS });
  // Set-new-password checks the current (temporary) password, so whoever holds a signed-in
  // browser could otherwise guess it without end.
  const passwordChange = createFailureCounter(repo, {
    keyOf: passwordChangeKey,
    limit: limits.passwordChangeFailuresPerAccount,
    message: TOO_MANY_PASSWORD_CHANGES,
  });

  return {
    /**
     * Counts a sign-in as a failure of this address on this account, of this address, and of
     * this account (in that order, each one atomic upsert), before the password is checked; 429
     * when any is over its limit. A refused attempt is taken off the counts it had already
     * reached, so hammering a locked pair uses up neither the address's nor the account's
     * allowance. A wrong password needs nothing more.
     */
    async signInAttempt(email: string, ip: string): Promise<SignInAttempt> {
      const counted: FailureAttempt[] = [];
      try {
        const pair = await perAccountAndIp.begin({ email, ip });
        counted.push(pair);
        const address = await perIp.begin(ip);
        counted.push(address);
        const account = await perAccount.begin(email);
        counted.push(account);
        return {
          // A success clears the pair (the owner's own typos are forgiven) but not the account's
          // count: failures from elsewhere still stand against a distributed guesser.
          succeeded: async () => {
            await Promise.all([pair.succeeded(), address.release(), account.release()]);
          },
          release: async () => {
            await Promise.all(counted.map((a) => a.release()));
          },
        };
      } catch (error) {
        await Promise.allSettled(counted.map((a) => a.release()));
        throw error;
      }
    },
    /** Registrations count whatever their outcome (a 409 must not test addresses in bulk). */
    async registerAttempt(ip: string): Promise<void> {
      const { count, windowEndsAt } = await repo.hit(`register:ip:${ip}`, limits.registerPerIp.windowMs);
      if (count > limits.registerPerIp.max) {
        const retryAfterSeconds = (new Date(windowEndsAt).getTime() - Date.now()) / 1000;
        throw tooManyRequests(tooManyRegistrationsMessage(retryAfterSeconds), retryAfterSeconds);
      }
    },
    /** Counts a forgot-password request against its address: 429 over the limit, whether or not the account exists. */
    async forgotPasswordAttempt(ip: string): Promise<void> {
      const { count, windowEndsAt } = await repo.hit(`forgot-password:ip:${ip}`, limits.forgotPasswordPerIp.windowMs);
      if (count > limits.forgotPasswordPerIp.max) {
        const retryAfterSeconds = (new Date(windowEndsAt).getTime() - Date.now()) / 1000;
        throw tooManyRequests(tooManyResetRequestsMessage(retryAfterSeconds), retryAfterSeconds);
      }
    },
    /**
     * Counts a forgot-password request against the address asked for (an email digest, counted
     * whether or not an account uses it): true while a mail may still be written for it.
     */
    async forgotPasswordMailAllowed(email: string): Promise<boolean> {
      const { count } = await repo.hit(`forgot-password:account:${digest(email)}`, limits.forgotPasswordPerAccount.windowMs);
      return count <= limits.forgotPasswordPerAccount.max;
    },
    /** Counts a set-new-password attempt as a failure before the current password is checked. */
    passwordChangeAttempt: (userId: number): Promise<FailureAttempt> => passwordChange.begin(userId),
  };
}
export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
