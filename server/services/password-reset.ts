import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Browser } from "./browser";
import { type ForgotPasswordInput, RESET_LINK_INVALID, type ResetLinkCheckInput, type ResetPasswordInput } from "../../core/schemas/auth";
import type { UserRow } from "../db/schema";
import { badRequest } from "../errors";
import { userLocale } from "../i18n";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { normalizeEmail, type UsersRepository } from "../repositories/users";
import type { PasswordResetTokensRepository } from "../repositories/password-reset-tokens";
import type { MailParams } from "./mail-words";
import { hashPassword } from "./passwords";
import type { AuthRateLimiter } from "./rate-limiter";
import type { Clock } from "./reminders";
import type { SessionService } from "./session-service";
import type { SignInOutcome } from "./account-service";
import type { TwoFactorService } from "./two-factor";

/** How long a forgot-password link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;
const MINUTE_MS = 60_000;
/** A mail that is not a link (the school sign-in note) is worth sending for a day. */
const MAIL_TTL_MS = 24 * 60 * MINUTE_MS;

/**
 * Every accepted forgot-password request is answered after at least this long. The work that
 * differs between a known and an unknown address (a token and a mail written in one transaction)
 * takes a few milliseconds, under this floor on any healthy database, so the answer's time says
 * nothing about which addresses have accounts.
 */
export const FORGOT_PASSWORD_ANSWER_FLOOR_MS = 250;

/** The token's digest, which is all the database keeps of it. */
export const resetTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface PasswordResetOptions {
  users: UsersRepository;
  passwordResetTokens: PasswordResetTokensRepository;
  authRateLimiter: AuthRateLimiter;
  sessionService: SessionService;
  transaction: RunInTransaction;
  /** PUBLIC_URL: the only origin links are built from, whatever a request's Host says. */
  publicUrl: string;
  clock: Clock;
  /** Told after a mail was written (after its commit): this instance's mail worker sends it at once. */
  onMailWritten: () => void;
  /** Two-step verification: a reset of an account with it signs in only with its code (decision 136). */
  twoFactor: Pick<TwoFactorService, "challenge">;
}

/**
 * Forgot password by email (issue 38, decision 115). A request writes, for an account with a
 * password, a fresh token (replacing the account's older one) and the mail with its link; for an
 * account that signs in only through the school's provider, a mail saying so. The answer is the
 * same either way, and for an address no account uses.
 */
export function createPasswordResetService(options: PasswordResetOptions) {
  const { users, passwordResetTokens, authRateLimiter, sessionService, transaction, publicUrl, clock, onMailWritten, twoFactor } = options;
  const mailHost = new URL(publicUrl).hostname;

  async function writeMail(
    tx: TransactionScope,
    user: UserRow,
    template: "password-reset" | "password-reset-sso",
    params: MailParams,
    sendBefore: Date,
  ) {
    await tx.mailOutbox.enqueue(
      {
        messageId: `<${randomUUID()}@${mailHost}>`,
        to: user.email,
        template,
        locale: userLocale(user.locale),
        params,
        sendBefore,
      },
      clock(),
    );
    tx.afterCommit(onMailWritten);
  }

  /** The mail (and token) a forgot-password request writes for an address, if any and if allowed. */
  async function writeResetMail(email: string): Promise<void> {
    // Counted for every address asked for, so the count says nothing about which accounts exist.
    const allowed = await authRateLimiter.forgotPasswordMailAllowed(email);
    const user = await users.findByEmail(email);
    if (!user || !allowed) return;
    const now = clock();
    const name = user.first_name || user.email;
    await transaction(async (tx) => {
      if (!user.password_hash) {
        await writeMail(
          tx,
          user,
          "password-reset-sso",
          { name, email: user.email, link: `${publicUrl}/auth` },
          new Date(now.getTime() + MAIL_TTL_MS),
        );
        return;
      }
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * MINUTE_MS);
      await tx.passwordResetTokens.replace(user.id, resetTokenHash(token), expiresAt, now);
      // In the mail's language: the page it opens reads in it too (issue 49), whatever the browser's.
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${userLocale(user.locale)}`;
      // A link that has expired is not worth delivering: the mail's time runs out with it.
      await writeMail(tx, user, "password-reset", { name, email: user.email, link, minutes: RESET_TOKEN_TTL_MINUTES }, expiresAt);
    });
  }

  return {
    /** POST /api/auth/forgot-password: the caller answers 202 whatever happened here (but a 429 per address). */
    async request(browser: Browser, input: ForgotPasswordInput): Promise<void> {
      await authRateLimiter.forgotPasswordAttempt(browser.ip);
      const floor = new Promise((resolve) => setTimeout(resolve, FORGOT_PASSWORD_ANSWER_FLOOR_MS));
      try {
        await writeResetMail(normalizeEmail(input.email));
      } finally {
        await floor;
      }
    },

    /**
     * POST /api/auth/reset-password: uses the token up, sets the password (clearing
     * passwordResetRequired), ends every session of the account, signs this browser in and audits
     * PASSWORD_RESET_BY_EMAIL, all in one transaction. A token that does not work (unknown,
     * replaced, used, expired) gets one message and changes nothing.
     */
    /**
     * POST /api/auth/reset-password/check: whether the link still works, asked as its page opens so
     * that a used or expired link says so before the student types a password (issue 49). The same
     * refusal as the reset's; nothing is changed or used up.
     */
    async check(input: ResetLinkCheckInput): Promise<void> {
      if ((await passwordResetTokens.findUser(resetTokenHash(input.token), clock())) === undefined) {
        throw badRequest(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
      }
    },

    async reset(browser: Browser, input: ResetPasswordInput): Promise<SignInOutcome> {
      const invalid = () => badRequest(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
      const tokenHash = resetTokenHash(input.token);
      // Looked up first, so a dead link costs no password hash.
      const userId = await passwordResetTokens.findUser(tokenHash, clock());
      if (userId === undefined) throw invalid();
      // Hashed outside the transaction: it must not hold the database while argon2 works.
      const newHash = await hashPassword(input.newPassword);
      const { user, needsCode } = await transaction(async (tx) => {
        // The token is used up here, once: of two resets with the same link, one gets nothing.
        if ((await tx.passwordResetTokens.consume(tokenHash, clock())) !== userId) throw invalid();
        const changed = await tx.users.setPassword(userId, newHash);
        if (!changed) throw invalid();
        await sessionService.endAllForUser(changed.id, tx);
        // A mailbox is not a second factor: an account with two-step verification still gives its code.
        const needsCode = await tx.twoFactor.isEnabled(changed.id);
        if (!needsCode) await sessionService.start(browser, changed.id, tx);
        await tx.auditLog.record({
          actorUserId: changed.id,
          actorEmail: changed.email,
          action: "PASSWORD_RESET_BY_EMAIL",
          target: changed.email,
        });
        return { user: changed, needsCode };
      });
      return needsCode ? { user: null, challenge: await twoFactor.challenge(user.id) } : { user, challenge: null };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
