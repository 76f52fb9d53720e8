import { randomBytes } from "node:crypto";
import { messageRef } from "../../core/i18n/translate";
import { WRONG_PASSWORD } from "../../core/schemas/auth";
import { RECOVERY_CODE_COUNT, type TwoFactorSetup, type TwoFactorStatus } from "../../core/schemas/two-factor";
import { conflict, forbidden, HttpError, notFound, unauthorized } from "../errors";
import type { SessionUser } from "../repositories/sessions";
import { USER_NOT_FOUND } from "./admin-service";
import type { RunInTransaction } from "../repositories/transaction";
import type { UserRow } from "../db/schema";
import type { Browser } from "./browser";
import { verifyPassword } from "./passwords";
import type { AuthRateLimiter } from "./rate-limiter";
import { hashReadableSecret, readableSecret } from "./readable-secrets";
import type { Clock } from "./reminders";
import type { SessionService } from "./session-service";
import { matchTotp, newTotpSecret, otpauthUri } from "./totp";

export const TWO_FACTOR_CODE_WRONG = messageRef("server.two_factor_code_wrong");
export const TWO_FACTOR_REQUIRED = messageRef("server.two_factor_required");
/** How long a sign-in whose password was right waits for its code. */
export const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000;
/** The issuer an authenticator app lists the account under. */
const ISSUER = "Student Hub";

type Actor = Pick<SessionUser, "id" | "email">;

/**
 * Two-step verification (issue 55, decision 136): a TOTP secret enrolled from a QR code and
 * confirmed by its first code, with ten single-use recovery codes; then a sign-in whose password is
 * right waits, without a session, for a code. Codes are taken once (a time step at most once, a
 * recovery code once), and wrong ones count toward the sign-in limits as wrong passwords do.
 * Accounts that sign in through the school's provider rely on the provider's own second factor.
 */
export function createTwoFactorService(options: {
  transaction: RunInTransaction;
  authRateLimiter: AuthRateLimiter;
  sessionService: SessionService;
  clock: Clock;
}) {
  const { transaction, authRateLimiter, sessionService, clock } = options;

  /** Whether `code` is the account's: a TOTP code of a step not yet taken (taking it), or an unspent recovery code (spending it). */
  async function takeCode(userId: number, code: string): Promise<boolean> {
    return transaction(async (tx) => {
      const row = await tx.twoFactor.find(userId);
      if (!row?.enabled_at) return false;
      const now = clock();
      const step = matchTotp(row.secret, code, now, row.last_step);
      if (step !== null) return tx.twoFactor.takeStep(userId, step);
      return /^[a-z0-9-]{12,14}$/i.test(code) && tx.twoFactor.spendRecoveryCode(userId, hashReadableSecret(code), now);
    });
  }

  return {
    /** GET /api/user/two-factor. */
    async status(user: Pick<SessionUser, "id">): Promise<TwoFactorStatus> {
      return transaction(async (tx) => {
        const enabled = await tx.twoFactor.isEnabled(user.id);
        return {
          available: Boolean(await tx.users.findPasswordHash(user.id)),
          enabled,
          recoveryCodesLeft: enabled ? await tx.twoFactor.recoveryCodesLeft(user.id) : 0,
        };
      });
    },

    /** POST /api/user/two-factor: a new secret, waiting for its first code (a second call replaces it). */
    async begin(user: Actor): Promise<TwoFactorSetup> {
      return transaction(async (tx) => {
        if (!(await tx.users.findPasswordHash(user.id))) throw conflict(messageRef("server.two_factor_needs_password"));
        if (await tx.twoFactor.isEnabled(user.id)) throw conflict(messageRef("server.two_factor_already_on"));
        const secret = newTotpSecret();
        await tx.twoFactor.begin(user.id, secret, clock());
        return { secret, otpauthUri: otpauthUri(ISSUER, user.email, secret) };
      });
    },

    /** POST /api/user/two-factor/confirm: the first code turns it on; the recovery codes are shown this once. */
    async confirm(user: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
      return transaction(async (tx) => {
        const row = await tx.twoFactor.find(user.id);
        if (!row) throw conflict(messageRef("server.two_factor_not_started"));
        if (row.enabled_at) throw conflict(messageRef("server.two_factor_already_on"));
        const now = clock();
        const step = matchTotp(row.secret, code, now, null);
        if (step === null) throw new HttpError(400, TWO_FACTOR_CODE_WRONG, { code: [TWO_FACTOR_CODE_WRONG] });
        const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => readableSecret(3));
        if (!(await tx.twoFactor.enable(user.id, step, recoveryCodes.map(hashReadableSecret), now)))
          throw conflict(messageRef("server.two_factor_already_on"));
        await tx.auditLog.record({ actorUserId: user.id, actorEmail: user.email, action: "TWO_FACTOR_ENABLED", target: user.email }, now);
        return { recoveryCodes };
      });
    },

    /** DELETE /api/user/two-factor: the password confirms it (counted as a sign-in's). */
    async disable(browser: Browser, user: Pick<SessionUser, "id" | "email">, password: string): Promise<void> {
      const hash = await transaction((tx) => tx.users.findPasswordHash(user.id));
      if (!hash) throw conflict(messageRef("server.two_factor_needs_password"));
      const attempt = await authRateLimiter.signInAttempt(user.email, browser.ip);
      if (!(await verifyPassword(hash, password))) throw new HttpError(401, WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
      await attempt.succeeded();
      await transaction(async (tx) => {
        if (!(await tx.twoFactor.remove(user.id))) throw conflict(messageRef("server.two_factor_not_on"));
        await tx.auditLog.record(
          { actorUserId: user.id, actorEmail: user.email, action: "TWO_FACTOR_DISABLED", target: user.email },
          clock(),
        );
      });
    },

    /** DELETE /api/admin/users/{id}/two-factor: an unlocked admin takes another account's second factor off (it lost its phone). */
    async reset(admin: Actor, userId: number): Promise<void> {
      await transaction(async (tx) => {
        const user = await tx.users.findById(userId);
        if (!user) throw notFound(USER_NOT_FOUND);
        if (!(await tx.twoFactor.remove(userId))) throw conflict(messageRef("server.two_factor_not_on"));
        await tx.auditLog.record(
          { actorUserId: admin.id, actorEmail: admin.email, action: "TWO_FACTOR_RESET", target: user.email },
          clock(),
        );
      });
    },

    /** Whether an account's sign-in needs a second factor. */
    isEnabled: (userId: number): Promise<boolean> => transaction((tx) => tx.twoFactor.isEnabled(userId)),

    /** A password sign-in that needs its code: a challenge for the browser's cookie, no session. */
    async challenge(userId: number): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await transaction((tx) =>
        tx.twoFactor.createChallenge(hashReadableSecret(token), userId, now, new Date(now.getTime() + SIGN_IN_CHALLENGE_MS)),
      );
      return token;
    },

    /**
     * POST /api/login/second-factor: the challenge's account and a code of it start the session. A
     * wrong code counts as a wrong password for the account and the address (decision 051).
     */
    async secondFactor(browser: Browser, challengeToken: string | undefined, code: string): Promise<UserRow> {
      const idHash = challengeToken ? hashReadableSecret(challengeToken) : null;
      const user = idHash
        ? await transaction(async (tx) => {
            const userId = await tx.twoFactor.findChallenge(idHash, clock());
            return userId === undefined ? undefined : tx.users.findById(userId);
          })
        : undefined;
      if (!idHash || !user) throw unauthorized(messageRef("server.two_factor_sign_in_expired"));
      const attempt = await authRateLimiter.signInAttempt(user.email, browser.ip);
      let ok: boolean;
      try {
        ok = await takeCode(user.id, code);
      } catch (error) {
        await attempt.release().catch(() => {});
        throw error;
      }
      if (!ok) throw new HttpError(401, TWO_FACTOR_CODE_WRONG, { code: [TWO_FACTOR_CODE_WRONG] });
      await attempt.succeeded();
      await transaction((tx) => tx.twoFactor.deleteChallenge(idHash));
      await sessionService.start(browser, user.id);
      return user;
    },

    /** Housekeeping: sign-ins that never gave their code, past their 5 minutes. */
    deleteExpiredChallenges: (at: Date): Promise<number> => transaction((tx) => tx.twoFactor.deleteExpiredChallenges(at)),

    /** STAFF_REQUIRE_2FA: an admin with a password and no second factor may not unlock the panel. */
    async assertStaffEnrolled(user: Pick<SessionUser, "id">, required: boolean): Promise<void> {
      if (!required) return;
      const enrolled = await transaction(
        async (tx) => !(await tx.users.findPasswordHash(user.id)) || (await tx.twoFactor.isEnabled(user.id)),
      );
      if (!enrolled) throw forbidden(TWO_FACTOR_REQUIRED);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
