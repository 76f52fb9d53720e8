import { messageRef } from "../../core/i18n/translate";
import type { Browser } from "./browser";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { actedAsAdmin, ADMIN_UNLOCK_MS, type AuditAction } from "../../core/admin";
import type {
  AdminSettings,
  AdminUsersQuery,
  AuditLogEntry,
  AuditLogsQuery,
  RosterImportInput,
  RosterImportResult,
  RosterRow,
} from "../../core/schemas/admin";
import { conflict, forbidden, HttpError, notFound, unauthorized } from "../errors";
import type { AuditLogRepository } from "../repositories/audit-log";
import type { RateLimitsRepository } from "../repositories/rate-limits";
import type { SessionUser } from "../repositories/sessions";
import type { SettingsRepository } from "../repositories/settings";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { TwoFactorRepository } from "../repositories/two-factor";
import { adminColumnsOf, normalizeEmail, toAdminUser, type UsersRepository } from "../repositories/users";
import { createFailureCounter, type Limit } from "./failure-counter";
import { hashPassword } from "./passwords";
import { deleteAccountIn } from "./account-deletion";
import type { DevicePassword } from "../../core/schemas/device-passwords";
import { DEVICE_PASSWORD_NOT_FOUND } from "./device-passwords";
import { hasProblems, mapBounded, readRoster, type RosterLine } from "./roster-import";
import type { SessionService } from "./session-service";

/** Unambiguous characters only: no 0/O, 1/I/L (decision 085). */
export const PASSCODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Where a generated passcode is kept (app_settings). */
export const ADMIN_PASSCODE_SETTING = "adminPasscode";
/**
 * A temporary password is read out by staff and typed on a phone (decision 100): three groups of
 * four, `Kp7m-Rt4x-Wq9z`, from letters and digits nobody mistakes for another (no 0/O/o, 1/l/I,
 * 5/S/s). The hyphens are its special character, so it meets the password rules.
 */
export const TEMPORARY_PASSWORD_GROUPS = 3;
export const TEMPORARY_PASSWORD_GROUP_LENGTH = 4;
export const TEMPORARY_PASSWORD_ALPHABET = {
  upper: "ABCDEFGHJKLMNPQRTUVWXYZ",
  lower: "abcdefghijkmnpqrtuvwxyz",
  digits: "2346789",
} as const;
/** Decision 085: a temporary password only sets a new password, for 72 hours. */
export const TEMPORARY_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;

export const WRONG_PASSCODE = messageRef("server.wrong_passcode");
export const TOO_MANY_PASSCODES = messageRef("server.too_many_passcodes");
export const CANNOT_CHANGE_OWN_STATUS = messageRef("server.cannot_change_own_status");
export const LAST_ADMIN = messageRef("server.last_admin");
export const CANNOT_DELETE_SELF = messageRef("server.cannot_delete_self");
export const CANNOT_RESET_ADMIN = messageRef("server.cannot_reset_admin");
export const USER_NOT_FOUND = messageRef("server.user_not_found");
export const RESET_NEEDS_PASSWORD = messageRef("server.reset_needs_password");

/** Temporary passwords of a roster import hashed at once: half of the hasher's four (server/services/passwords.ts). */
export const ROSTER_HASH_CONCURRENCY = 2;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export interface PasscodeLimits {
  /** Wrong passcodes per admin account: the 6th try within the window is refused, even the right one. */
  perAccount: Limit;
  /** Wrong passcodes per address, whatever the account. */
  perAddress: Limit;
}
export const DEFAULT_PASSCODE_LIMITS: PasscodeLimits = {
  perAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  perAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
};

export function generatePasscode(): string {
  return Array.from({ length: 4 }, () => PASSCODE_ALPHABET[randomInt(PASSCODE_ALPHABET.length)]).join("");
}

/** Fisher-Yates with the CSPRNG: every order equally likely. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * A random temporary password, `Kp7m-Rt4x-Wq9z`: 12 characters from crypto.randomInt, at least one
 * upper-case letter, one lower-case letter and one digit (placed at random), grouped by hyphens.
 * 12 characters of 53 give about 68 bits, for a password that lives 72 hours behind the sign-in
 * limits.
 */
export function generateTemporaryPassword(): string {
  const { upper, lower, digits } = TEMPORARY_PASSWORD_ALPHABET;
  const all = upper + lower + digits;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(upper), pick(lower), pick(digits)];
  while (chars.length < TEMPORARY_PASSWORD_GROUPS * TEMPORARY_PASSWORD_GROUP_LENGTH) chars.push(pick(all));
  shuffle(chars);
  const groups = Array.from({ length: TEMPORARY_PASSWORD_GROUPS }, (_, g) =>
    chars.slice(g * TEMPORARY_PASSWORD_GROUP_LENGTH, (g + 1) * TEMPORARY_PASSWORD_GROUP_LENGTH).join(""),
  );
  return groups.join("-");
}

/** Equal-length digests, compared in constant time: neither the length nor the first wrong character shows. */
function samePasscode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text.trim().toUpperCase()).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface AdminServiceOptions {
  users: UsersRepository;
  settings: SettingsRepository;
  auditLog: AuditLogRepository;
  rateLimits: RateLimitsRepository;
  sessionService: SessionService;
  transaction: RunInTransaction;
  /** ADMIN_PASSCODE, when set; else generated once and kept in the database. */
  configuredPasscode: string | undefined;
  limits?: PasscodeLimits;
  /** ADMIN_EMAILS: a roster's account with one of these emails is made an admin, as at registration. */
  adminEmails: readonly string[];
  /**
   * Whether the school signs in through a provider (config.oidcProviders not empty): a roster's
   * accounts then get no password, and sign in through it by their verified email.
   */
  singleSignOn: boolean;
  /** Who has two-step verification on, for the user list (issue 55). */
  twoFactor: Pick<TwoFactorRepository, "enabledAmong">;
}

/**
 * The admin area (docs/product.md#admin-area, decision 085): the passcode step-up, the user list
 * and its changes, the audit log and the app settings. Every change writes its audit entry in the
 * same transaction.
 */
export function createAdminService(options: AdminServiceOptions) {
  const { users, settings, auditLog, sessionService, transaction } = options;
  const limits = options.limits ?? DEFAULT_PASSCODE_LIMITS;
  const perAccount = createFailureCounter(options.rateLimits, {
    keyOf: (userId: number) => `admin-passcode:user:${userId}`,
    limit: limits.perAccount,
    message: TOO_MANY_PASSCODES,
  });
  const perAddress = createFailureCounter(options.rateLimits, {
    keyOf: (ip: string) => `admin-passcode:ip:${ip}`,
    limit: limits.perAddress,
    message: TOO_MANY_PASSCODES,
  });

  async function audit(
    action: AuditAction,
    admin: SessionUser,
    target: string | null,
    details?: Record<string, unknown>,
    tx?: TransactionScope,
  ) {
    await (tx?.auditLog ?? auditLog).record({ actorUserId: admin.id, actorEmail: admin.email, action, target, details: details ?? null });
  }

  /** The passcode in force, and whether this call generated it (first start). */
  async function passcode(): Promise<{ passcode: string; generated: boolean }> {
    if (options.configuredPasscode) return { passcode: options.configuredPasscode, generated: false };
    let generated = false;
    const stored = await settings.getOrCreate<string>(ADMIN_PASSCODE_SETTING, () => {
      generated = true;
      return generatePasscode();
    });
    return { passcode: stored, generated };
  }

  /** A user the admin may act on: 404 for an unknown id. */
  async function target(id: number) {
    const user = await users.findById(id);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  return {
    passcode,

    /** `npm run admin -- passcode`: a new generated passcode, replacing the stored one. */
    async regeneratePasscode(): Promise<string> {
      const next = generatePasscode();
      await settings.set(ADMIN_PASSCODE_SETTING, next);
      return next;
    },

    /**
     * POST /api/admin/login: the step-up. Counted as a failure of the account and the address
     * before the check (so simultaneous guesses cannot all slip under the limit); the 6th try in
     * 15 minutes is refused with 429 whatever it says. The right passcode gives the session a new
     * id and CSRF token and unlocks it for 30 minutes. Every try is audited.
     */
    async unlock(browser: Browser, admin: SessionUser, given: string): Promise<{ adminUnlockedUntil: string }> {
      let attempts;
      try {
        const account = await perAccount.begin(admin.id);
        try {
          attempts = [account, await perAddress.begin(browser.ip)];
        } catch (error) {
          await account.release();
          throw error;
        }
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          await audit("ADMIN_UNLOCK_FAILED", admin, null, { reason: "locked out" });
        throw error;
      }
      const expected = (await passcode()).passcode;
      if (!samePasscode(given, expected)) {
        await audit("ADMIN_UNLOCK_FAILED", admin, null, { reason: "wrong passcode" });
        throw unauthorized(WRONG_PASSCODE);
      }
      await Promise.all(attempts.map((attempt) => attempt.succeeded()));
      const now = new Date();
      await sessionService.rotate(browser, { adminUnlockedAt: now });
      await audit("ADMIN_UNLOCKED", admin, null);
      return { adminUnlockedUntil: new Date(now.getTime() + ADMIN_UNLOCK_MS).toISOString() };
    },

    /**
     * POST /api/admin/extend: "Stay unlocked", asked by the warning the panel shows before the 30
     * minutes end (WCAG 2.2.1, decision 123). Only while still unlocked (the route's guard), and only
     * by a person's click: an unattended panel still locks. A new session id, as the unlock gives.
     */
    async extendUnlock(browser: Browser): Promise<{ adminUnlockedUntil: string }> {
      const now = new Date();
      await sessionService.rotate(browser, { adminUnlockedAt: now });
      return { adminUnlockedUntil: new Date(now.getTime() + ADMIN_UNLOCK_MS).toISOString() };
    },

    /** POST /api/admin/logout: locks the panel; the person stays signed in (with a new session id). */
    async lock(browser: Browser): Promise<void> {
      await sessionService.rotate(browser, { adminUnlockedAt: null });
    },

    /** A page of the admin's user list, and how many users the search and filter match in all. */
    async listUsers(query: AdminUsersQuery) {
      const [rows, total] = await Promise.all([users.listForAdmin(query), users.countForAdmin(query)]);
      const ids = rows.map((row) => row.id);
      const [providers, twoFactor] = await Promise.all([users.providersOf(ids), options.twoFactor.enabledAmong(ids)]);
      return { users: rows.map((row) => toAdminUser(row, providers.get(row.id), twoFactor.has(row.id))), total };
    },

    /**
     * POST /api/admin/users/import (issue 35). Reads the CSV (server/services/roster-import.ts),
     * marks the lines whose email has an account, and, unless it is a preview, creates every line
     * without a problem in one transaction with its audit entry (USERS_IMPORTED, the count).
     * Without single sign-on each account gets a temporary password as an admin's reset makes
     * it (only to set a new password, 72 hours), hashed before the transaction; the passwords are
     * only in this answer. With single sign-on the accounts have no password. Row problems are
     * message references (the route words them).
     */
    async importRoster(admin: SessionUser, input: RosterImportInput): Promise<RosterImportResult> {
      const lines = readRoster(input.csv);
      const valid = lines.filter((line) => !hasProblems(line));
      const existing = await users.existingEmails(valid.map((line) => line.normalizedEmail));
      const toCreate = valid.filter((line) => !existing.has(line.normalizedEmail));
      const answerRow = (line: RosterLine, status: RosterRow["status"], temporaryPassword?: string): RosterRow => ({
        line: line.line,
        email: line.email,
        status,
        ...(status === "error" ? { errors: line.errors as Record<string, string[]> } : {}),
        ...(temporaryPassword ? { temporaryPassword } : {}),
      });
      const judged = (line: RosterLine): RosterRow["status"] =>
        hasProblems(line) ? "error" : existing.has(line.normalizedEmail) ? "exists" : "ok";
      if (input.dryRun) return { created: 0, rows: lines.map((line) => answerRow(line, judged(line))) };

      const temporaryPasswords = options.singleSignOn ? [] : toCreate.map(() => generateTemporaryPassword());
      const hashes = options.singleSignOn ? [] : await mapBounded(temporaryPasswords, ROSTER_HASH_CONCURRENCY, hashPassword);
      const adminEmails = new Set(options.adminEmails.map(normalizeEmail));
      const created = await transaction(async (tx) => {
        const made = await tx.users.createMany(
          toCreate.map((line, index) => ({
            email: line.normalizedEmail,
            firstName: line.firstName,
            lastName: line.lastName,
            isAdmin: line.isAdmin || adminEmails.has(line.normalizedEmail),
            passwordHash: hashes[index] ?? null,
          })),
          new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
        );
        // The count only: the audit log never holds a roster's emails, let alone its passwords.
        await audit("USERS_IMPORTED", admin, null, { count: made.length }, tx);
        return new Set(made.map((row) => row.email));
      });
      const passwordOf = new Map(toCreate.map((line, index) => [line.line, temporaryPasswords[index]]));
      return {
        created: created.size,
        rows: lines.map((line) => {
          const status = judged(line);
          // An email taken between the look-up and the insert (someone registered meanwhile) exists.
          if (status === "ok" && !created.has(line.normalizedEmail)) return answerRow(line, "exists");
          return answerRow(line, status, status === "ok" ? passwordOf.get(line.line) : undefined);
        }),
      };
    },

    /** Grants or removes admin status; never one's own, never the last admin's (checked inside the transaction). */
    async setAdminStatus(admin: SessionUser, id: number, isAdmin: boolean) {
      if (id === admin.id) throw forbidden(CANNOT_CHANGE_OWN_STATUS);
      return transaction(async (tx) => {
        await tx.users.lockAdmins();
        const user = await tx.users.findById(id);
        if (!user) throw notFound(USER_NOT_FOUND);
        const providers = (await tx.users.providersOf([id])).get(id);
        const twoFactor = await tx.twoFactor.isEnabled(id);
        if (Boolean(user.is_admin) === isAdmin) return toAdminUser(adminColumnsOf(user), providers, twoFactor);
        if (!isAdmin && (await tx.users.countAdmins()) <= 1) throw conflict(LAST_ADMIN);
        const updated = (await tx.users.setAdminById(id, isAdmin))!;
        // Removing the role also ends any unlocked panel of theirs: their sessions stay, locked, so
        // granting the role again later needs the passcode again on each of them.
        if (!isAdmin) await tx.sessions.lockAdminPanelForUser(id);
        await audit(isAdmin ? "ADMIN_GRANTED" : "ADMIN_REVOKED", admin, user.email, undefined, tx);
        return toAdminUser(adminColumnsOf(updated), providers, twoFactor);
      });
    },

    /**
     * A new temporary password for a non-admin: only it works from now on, only to set a new
     * password, for 72 hours; every session of the user ends.
     */
    async resetPassword(admin: SessionUser, id: number): Promise<{ temporaryPassword: string }> {
      const before = await target(id);
      if (before.is_admin) throw forbidden(CANNOT_RESET_ADMIN);
      // An account without a password signs in through the school's provider: a temporary
      // password would give it a second way in that the school never chose.
      if (before.password_hash === null) throw conflict(RESET_NEEDS_PASSWORD);
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      await transaction(async (tx) => {
        const user = await tx.users.findById(id);
        if (!user) throw notFound(USER_NOT_FOUND);
        if (user.is_admin) throw forbidden(CANNOT_RESET_ADMIN);
        if (user.password_hash === null) throw conflict(RESET_NEEDS_PASSWORD);
        await tx.users.requirePasswordReset(id, passwordHash, new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS));
        await tx.sessions.deleteAllForUser(id);
        await audit("PASSWORD_RESET", admin, user.email, undefined, tx);
      });
      return { temporaryPassword };
    },

    /** A user's device passwords (issue 52): their names and last use, never the passwords. */
    async listDevicePasswords(id: number): Promise<DevicePassword[]> {
      return transaction(async (tx) => {
        if (!(await tx.users.findById(id))) throw notFound(USER_NOT_FOUND);
        return tx.devicePasswords.listForUser(id);
      });
    },

    /** Revokes one of a user's device passwords, with its audit entry, in one transaction. */
    async revokeDevicePassword(admin: SessionUser, id: number, passwordId: number): Promise<void> {
      await transaction(async (tx) => {
        const user = await tx.users.findById(id);
        if (!user) throw notFound(USER_NOT_FOUND);
        const name = (await tx.devicePasswords.listForUser(id)).find((p) => p.id === passwordId)?.name;
        if (name === undefined || !(await tx.devicePasswords.deleteForUser(id, passwordId))) throw notFound(DEVICE_PASSWORD_NOT_FOUND);
        await audit("DEVICE_PASSWORD_REVOKED", admin, user.email, { name }, tx);
      });
    },

    /** Deletes a user with everything they own, and its audit entry, in one transaction. */
    async deleteUser(admin: SessionUser, id: number): Promise<void> {
      if (id === admin.id) throw forbidden(CANNOT_DELETE_SELF);
      await transaction((tx) =>
        deleteAccountIn(tx, id, { missing: () => notFound(USER_NOT_FOUND), lastAdmin: LAST_ADMIN }, (user) =>
          audit("USER_DELETED", admin, user.email, undefined, tx),
        ),
      );
    },

    async auditLogPage(query: AuditLogsQuery): Promise<AuditLogEntry[]> {
      const rows = await auditLog.listPage(query);
      return rows.map((row) => {
        const actorEmail = row.actor_email ?? row.actor_current_email ?? null;
        const asAdmin = actedAsAdmin({ action: row.action, actorEmail, targetEmail: row.target });
        return {
          id: row.id,
          action: row.action,
          targetUserEmail: row.target,
          adminUserEmail: asAdmin ? actorEmail : null,
          actorEmail,
          details: row.details,
          createdAt: row.created_at,
        };
      });
    },

    async getSettings(): Promise<Required<AdminSettings>> {
      const [{ instagramUrl, logoUrl }, guardianDigestsEnabled] = await Promise.all([
        settings.getPublic(),
        settings.get<boolean>(GUARDIAN_DIGESTS_SETTING),
      ]);
      return { instagramUrl, logoUrl, guardianDigestsEnabled: guardianDigestsEnabled ?? true };
    },

    /** Both settings and their audit entry, or nothing. */
    async saveSettings(admin: SessionUser, next: AdminSettings): Promise<Required<AdminSettings>> {
      return transaction(async (tx) => {
        await tx.settings.set("instagramUrl", next.instagramUrl);
        await tx.settings.set("logoUrl", next.logoUrl);
        if (next.guardianDigestsEnabled !== undefined) await tx.settings.set(GUARDIAN_DIGESTS_SETTING, next.guardianDigestsEnabled);
        const guardianDigestsEnabled = next.guardianDigestsEnabled ?? (await tx.settings.get<boolean>(GUARDIAN_DIGESTS_SETTING)) ?? true;
        await audit(
          "SETTINGS_CHANGED",
          admin,
          null,
          { instagramUrl: next.instagramUrl, logoUrl: next.logoUrl, guardianDigestsEnabled },
          tx,
        );
        return { instagramUrl: next.instagramUrl, logoUrl: next.logoUrl, guardianDigestsEnabled };
      });
    },
  };
}
/** app_settings' key of the school-wide switch for family digests (issue 54): true unless staff turn it off. */
export const GUARDIAN_DIGESTS_SETTING = "guardianDigestsEnabled";

export type AdminService = ReturnType<typeof createAdminService>;
