import type { MessageId, Translate } from "./i18n/translate";

/**
 * The admin area's shared words and names (docs/product.md#admin-area): the guard's answers, the
 * audit log's actions and how the panel labels them.
 */
import { messageRef } from "./i18n/translate";

/**
 * The admin guard's answers (server/plugins/route-guards.ts), as message references the server
 * words in the reader's language (decision 109); the panel tells a locked panel by the answer's
 * `code`, ADMIN_LOCKED.
 */
export const ADMINS_ONLY = messageRef("server.admins_only");
export const ADMIN_LOCKED = messageRef("server.admin_locked");

/**
 * The answer's header holding how many users (or audit entries) match over all pages: the body
 * stays the spec's plain array. Here, not with the schemas, so that the panel's list reads do not
 * bring zod (25 KB) to its first screen.
 */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** How long the passcode step-up keeps the panel unlocked. */
export const ADMIN_UNLOCK_MS = 30 * 60 * 1000;

/** Everything the audit log records (decision 085). */
export const AUDIT_ACTIONS = [
  "USER_DELETED",
  "PASSWORD_RESET",
  "ADMIN_GRANTED",
  "ADMIN_REVOKED",
  "ADMIN_UNLOCKED",
  "ADMIN_UNLOCK_FAILED",
  "SETTINGS_CHANGED",
  "PASSWORD_CHANGED",
  "PUSH_SENT",
  "PUSH_NOT_DELIVERED",
  "USERS_IMPORTED",
  "SCHOOL_SCHEDULE_UPDATED",
  "SCHOOL_EVENT_CREATED",
  "SCHOOL_EVENT_UPDATED",
  "SCHOOL_EVENT_DELETED",
  "ANNOUNCEMENT_CREATED",
  "PASSWORD_RESET_BY_EMAIL",
  "DEVICE_PASSWORD_REVOKED",
  "GUARDIAN_INVITED",
  "GUARDIAN_REMOVED",
  "TWO_FACTOR_ENABLED",
  "TWO_FACTOR_DISABLED",
  "TWO_FACTOR_RESET",
  "ACCOUNT_EXPIRED",
  "ROSTER_SYNCED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Spec §2: "Account Deleted" (USER_DELETED) and "Password Reset" (PASSWORD_RESET); the rest in the same style (the admin area's words). */
export const AUDIT_ACTION_LABELS = {
  USER_DELETED: "admin.audit_user_deleted",
  PASSWORD_RESET: "admin.audit_password_reset",
  ADMIN_GRANTED: "admin.audit_admin_granted",
  ADMIN_REVOKED: "admin.audit_admin_revoked",
  ADMIN_UNLOCKED: "admin.audit_admin_unlocked",
  ADMIN_UNLOCK_FAILED: "admin.audit_admin_unlock_failed",
  SETTINGS_CHANGED: "admin.audit_settings_changed",
  PASSWORD_CHANGED: "admin.audit_password_changed",
  PUSH_SENT: "admin.audit_push_sent",
  PUSH_NOT_DELIVERED: "admin.audit_push_not_delivered",
  USERS_IMPORTED: "admin.audit_users_imported",
  SCHOOL_SCHEDULE_UPDATED: "admin.audit_school_schedule_updated",
  SCHOOL_EVENT_CREATED: "admin.audit_school_event_created",
  SCHOOL_EVENT_UPDATED: "admin.audit_school_event_updated",
  SCHOOL_EVENT_DELETED: "admin.audit_school_event_deleted",
  ANNOUNCEMENT_CREATED: "admin.audit_announcement_created",
  PASSWORD_RESET_BY_EMAIL: "admin.audit_password_reset_by_email",
  DEVICE_PASSWORD_REVOKED: "admin.audit_device_password_revoked",
  GUARDIAN_INVITED: "admin.audit_guardian_invited",
  GUARDIAN_REMOVED: "admin.audit_guardian_removed",
  TWO_FACTOR_ENABLED: "admin.audit_two_factor_enabled",
  TWO_FACTOR_DISABLED: "admin.audit_two_factor_disabled",
  TWO_FACTOR_RESET: "admin.audit_two_factor_reset",
  ACCOUNT_EXPIRED: "admin.audit_account_expired",
  ROSTER_SYNCED: "admin.audit_roster_synced",
} as const satisfies Record<AuditAction, MessageId>;

/**
 * What a user does to their own account (their password, deleting it): whoever the actor is, they
 * acted as themselves, not as an admin (decision 098).
 */
const OWN_ACCOUNT_ACTIONS: ReadonlySet<string> = new Set<AuditAction>([
  "PASSWORD_CHANGED",
  "PASSWORD_RESET_BY_EMAIL",
  "TWO_FACTOR_ENABLED",
  "TWO_FACTOR_DISABLED",
]);

/**
 * Whether an entry's actor acted as an admin: every action but a user's own password change and a
 * user deleting their own account (USER_DELETED with the actor as the target). The panel names an
 * admin "Admin:", anyone else "By:".
 */
export function actedAsAdmin(entry: { action: string; actorEmail: string | null; targetEmail: string | null }): boolean {
  if (OWN_ACCOUNT_ACTIONS.has(entry.action)) return false;
  const ownAccount = entry.actorEmail !== null && entry.actorEmail.toLowerCase() === entry.targetEmail?.toLowerCase();
  return !(entry.action === "USER_DELETED" && ownAccount);
}

/** An action's label, worded with `t`; one this build does not know shows as sent. */
export function auditActionLabel(action: string, t: Translate): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(AUDIT_ACTION_LABELS[action as AuditAction]) : action;
}
