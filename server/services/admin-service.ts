import { messageRef } from "../../core/i18n/translate";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { actedAsAdmin, ADMIN_UNLOCK_MS, type AuditAction } from "../../core/admin";
import type { AdminSettings, AdminUsersQuery, AuditLogEntry, AuditLogsQuery } from "../../core/schemas/admin";
import { conflict, forbidden, HttpError, notFound, unauthorized } from "../errors";
import type { AuditLogRepository } from "../repositories/audit-log";
import type { RateLimitsRepository } from "../repositories/rate-limits";
import type { SessionUser } from "../repositories/sessions";
import type { SettingsRepository } from "../repositories/settings";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { toAdminUser, type UsersRepository } from "../repositories/users";
import { createFailureCounter, type Limit } from "./failure-counter";
import { hashPassword } from "./passwords";
import { deleteAccountIn } from "./account-deletion";
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
    async unlock(request: FastifyRequest, reply: FastifyReply, admin: SessionUser, given: string): Promise<{ adminUnlockedUntil: string }> {
      let attempts;
      try {
        const account = await perAccount.begin(admin.id);
        try {
          attempts = [account, await perAddress.begin(request.ip)];
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
      await sessionService.rotate(request, reply, { adminUnlockedAt: now });
      await audit("ADMIN_UNLOCKED", admin, null);
      return { adminUnlockedUntil: new Date(now.getTime() + ADMIN_UNLOCK_MS).toISOString() };
    },

    /** POST /api/admin/logout: locks the panel; the person stays signed in (with a new session id). */
    async lock(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await sessionService.rotate(request, reply, { adminUnlockedAt: null });
    },

    /** A page of the admin's user list, and how many users the search and filter match in all. */
    async listUsers(query: AdminUsersQuery) {
      const [rows, total] = await Promise.all([users.listForAdmin(query), users.countForAdmin(query)]);
      return { users: rows.map(toAdminUser), total };
    },

    /** Grants or removes admin status; never one's own, never the last admin's (checked inside the transaction). */
    async setAdminStatus(admin: SessionUser, id: number, isAdmin: boolean) {
      if (id === admin.id) throw forbidden(CANNOT_CHANGE_OWN_STATUS);
      return transaction(async (tx) => {
        await tx.users.lockAdmins();
        const user = await tx.users.findById(id);
        if (!user) throw notFound(USER_NOT_FOUND);
        if (Boolean(user.is_admin) === isAdmin) return toAdminUser(user);
        if (!isAdmin && (await tx.users.countAdmins()) <= 1) throw conflict(LAST_ADMIN);
        const updated = (await tx.users.setAdminById(id, isAdmin))!;
        // Removing the role also ends any unlocked panel of theirs: their sessions stay, locked, so
        // granting the role again later needs the passcode again on each of them.
        if (!isAdmin) await tx.sessions.lockAdminPanelForUser(id);
        await audit(isAdmin ? "ADMIN_GRANTED" : "ADMIN_REVOKED", admin, user.email, undefined, tx);
        return toAdminUser(updated);
      });
    },

    /**
     * A new temporary password for a non-admin: only it works from now on, only to set a new
     * password, for 72 hours; every session of the user ends.
     */
    async resetPassword(admin: SessionUser, id: number): Promise<{ temporaryPassword: string }> {
      const before = await target(id);
      if (before.is_admin) throw forbidden(CANNOT_RESET_ADMIN);
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      await transaction(async (tx) => {
        const user = await tx.users.findById(id);
        if (!user) throw notFound(USER_NOT_FOUND);
        if (user.is_admin) throw forbidden(CANNOT_RESET_ADMIN);
        await tx.users.requirePasswordReset(id, passwordHash, new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS));
        await tx.sessions.deleteAllForUser(id);
        await audit("PASSWORD_RESET", admin, user.email, undefined, tx);
      });
      return { temporaryPassword };
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

    async getSettings(): Promise<AdminSettings> {
      const { instagramUrl, logoUrl } = await settings.getPublic();
      return { instagramUrl, logoUrl };
    },

    /** Both settings and their audit entry, or nothing. */
    async saveSettings(admin: SessionUser, next: AdminSettings): Promise<AdminSettings> {
      await transaction(async (tx) => {
        await tx.settings.set("instagramUrl", next.instagramUrl);
        await tx.settings.set("logoUrl", next.logoUrl);
        await audit("SETTINGS_CHANGED", admin, null, { instagramUrl: next.instagramUrl, logoUrl: next.logoUrl }, tx);
      });
      return next;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
