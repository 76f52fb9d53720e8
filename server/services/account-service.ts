import { PASSWORD_REQUIRED, type RegisterInput, type SetNewPasswordInput, type SignInInput, WRONG_PASSWORD } from "../../core/schemas/auth";
import type { Browser } from "./browser";
import type { UserRow } from "../db/schema";
import type { RunInTransaction } from "../repositories/transaction";
import { badRequest, conflict, forbidden, HttpError, unauthorized } from "../errors";
import type { RegistrationMode } from "../sso-config";
import { deleteAccountIn } from "./account-deletion";
import { SSO_LOGIN_TTL_MS } from "./sso";
import type { SessionUser } from "../repositories/sessions";
import { normalizeEmail, type UsersRepository } from "../repositories/users";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { AuthRateLimiter } from "./rate-limiter";
import type { TwoFactorService } from "./two-factor";
import type { SessionService } from "./session-service";
import { messageRef } from "../../core/i18n/translate";

const INVALID_CREDENTIALS = messageRef("auth.invalid_credentials");
export const LAST_ADMIN_ACCOUNT = messageRef("auth.last_admin");
const TEMPORARY_PASSWORD_EXPIRED = messageRef("auth.temporary_password_expired");

export interface AccountServiceOptions {
  users: UsersRepository;
  authRateLimiter: AuthRateLimiter;
  sessionService: SessionService;
  /** Runs work in one database transaction (inTransaction bound to the app's database). */
  transaction: RunInTransaction;
  /** ADMIN_EMAILS: these accounts become admins when they register or sign in. */
  adminEmails: string[];
  /** REGISTRATION_MODE: only "open" lets a visitor make an account with a password (decision 110). */
  registrationMode: RegistrationMode;
  /** The time a session's freshness is judged by. */
  now?: () => Date;
  /** Two-step verification (decision 136): a sign-in of an account with it waits for a code. */
  twoFactor: Pick<TwoFactorService, "isEnabled" | "challenge">;
}

/** A sign-in's outcome: the signed-in user, or a challenge for the code of an account with two-step verification. */
export type SignInOutcome = { user: UserRow; challenge: null } | { user: null; challenge: string };

const temporaryPasswordExpired = (user: SessionUser) =>
  Boolean(
    user.password_reset_required && user.temporary_password_expires_at && user.temporary_password_expires_at <= new Date().toISOString(),
  );

/** Registration, sign-in and the password change: each a whole, with its session and its audit entry. */
export function createAccountService({
  users,
  authRateLimiter,
  sessionService,
  transaction,
  adminEmails,
  registrationMode,
  now = () => new Date(),
  twoFactor,
}: AccountServiceOptions) {
  const isBootstrapAdmin = (email: string) => adminEmails.includes(normalizeEmail(email));

  return {
    /** Creates the account and signs it in, both or neither. 409 when the email is taken. */
    async register(browser: Browser, input: RegisterInput): Promise<UserRow> {
      // sso-only and closed: accounts come from the school's provider or its roster only.
      if (registrationMode !== "open") throw forbidden(messageRef("auth.registration_closed"));
      // Hash before the transaction: it must not hold the database while argon2 works.
      const passwordHash = await hashPassword(input.password);
      return transaction(async (tx) => {
        const user = await tx.users.create({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          isAdmin: isBootstrapAdmin(input.email),
          locale: browser.locale,
        });
        if (!user) {
          throw conflict(messageRef("auth.email_taken"), { email: [messageRef("auth.email_taken")] });
        }
        await sessionService.start(browser, user.id, tx);
        return user;
      });
    },

    /**
     * Checks the password (the same answer and the same time for a wrong password and an unknown
     * email), counting the attempt against the address and the account before the check
     * (decision 051), and starts a fresh session; or, for an account with two-step verification,
     * answers a challenge and starts none until its code comes (decision 136).
     */
    async signIn(browser: Browser, input: SignInInput): Promise<SignInOutcome> {
      const email = normalizeEmail(input.email);
      const attempt = await authRateLimiter.signInAttempt(email, browser.ip);
      let user: UserRow | undefined;
      let ok: boolean;
      try {
        user = await users.findByEmail(email);
        // An account without a password (it signs in through its provider) answers as an unknown
        // email does, in the same time: nobody learns from the answer which accounts exist.
        ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      } catch (error) {
        // Nothing was checked (the database or the hasher failed): not a failure.
        await attempt.release().catch(() => {});
        throw error;
      }
      // A wrong password was counted when the attempt began.
      if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
      // The roster closed it (issue 55): the right password opens nothing, and says why.
      if (user.disabled_at) {
        await attempt.release();
        throw forbidden(messageRef("server.account_disabled"));
      }
      if (temporaryPasswordExpired(user)) {
        await attempt.release();
        throw unauthorized(TEMPORARY_PASSWORD_EXPIRED);
      }
      await attempt.succeeded();
      if (!user.is_admin && isBootstrapAdmin(email)) user = (await users.setAdmin(email, true)) ?? user;
      if (await twoFactor.isEnabled(user.id)) return { user: null, challenge: await twoFactor.challenge(user.id) };
      await sessionService.start(browser, user.id);
      return { user, challenge: null };
    },

    /**
     * Set-new-password: checks the current (temporary) password, then in one transaction stores
     * the new hash, ends every session of the account, starts a fresh one for this browser and
     * writes the audit entry. If any step fails, the old password and sessions stay as they were.
     */
    async setNewPassword(browser: Browser, user: SessionUser, input: SetNewPasswordInput): Promise<UserRow> {
      if (temporaryPasswordExpired(user)) {
        throw new HttpError(400, TEMPORARY_PASSWORD_EXPIRED, { temporaryPassword: [TEMPORARY_PASSWORD_EXPIRED] });
      }
      // Counted as a failure before the check, so simultaneous guesses cannot all slip under the limit.
      const attempt = await authRateLimiter.passwordChangeAttempt(user.id);
      const currentHash = await users.findPasswordHash(user.id);
      if (!currentHash || !(await verifyPassword(currentHash, input.temporaryPassword))) {
        throw badRequest(messageRef("auth.temporary_password_incorrect"), {
          temporaryPassword: [messageRef("auth.temporary_password_incorrect")],
        });
      }
      await attempt.succeeded();
      if (input.newPassword === input.temporaryPassword) {
        const message = messageRef("auth.new_password_same");
        throw badRequest(message, { newPassword: [message] });
      }
      const newHash = await hashPassword(input.newPassword);
      return transaction(async (tx) => {
        const updated = await tx.users.setPassword(user.id, newHash);
        if (!updated) throw unauthorized();
        await sessionService.endAllForUser(user.id, tx);
        await sessionService.start(browser, user.id, tx);
        await tx.auditLog.record({ actorUserId: user.id, action: "PASSWORD_CHANGED", target: user.email });
        return updated;
      });
    },

    /**
     * Deletes the signed-in account with everything of its own, in one transaction (the rules of
     * an admin's deletion): refused for the last admin (409), audited USER_DELETED with the user as
     * the actor; every session ends and this browser's cookie is cleared. Confirmed by the
     * account's password (counted like a sign-in failure when wrong: 401) or, for an account
     * without one, by a sign-in through its provider less than 10 minutes ago (decision 110).
     */
    async deleteOwnAccount(browser: Browser, user: SessionUser, password: string | undefined): Promise<void> {
      const hash = await users.findPasswordHash(user.id);
      if (hash) {
        if (!password) throw badRequest(PASSWORD_REQUIRED, { password: [PASSWORD_REQUIRED] });
        const attempt = await authRateLimiter.signInAttempt(user.email, browser.ip);
        if (!(await verifyPassword(hash, password))) throw new HttpError(401, WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
        await attempt.succeeded();
      } else {
        // Every session of such an account began with a provider sign-in; a fresh one confirms.
        const startedAt = Date.parse(browser.session?.created_at ?? "");
        if (!(now().getTime() - startedAt < SSO_LOGIN_TTL_MS)) throw unauthorized(messageRef("auth.reauthentication_required"));
      }
      await transaction((tx) =>
        deleteAccountIn(tx, user.id, { missing: () => unauthorized(), lastAdmin: LAST_ADMIN_ACCOUNT }, () =>
          tx.auditLog.record({ actorUserId: user.id, actorEmail: user.email, action: "USER_DELETED", target: user.email }),
        ),
      );
      await sessionService.end(browser);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
