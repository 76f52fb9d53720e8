import { z } from "zod";
import { messageRef } from "../i18n/translate";

/** The admin API's requests and answers (docs/product.md#admin-area, decision 085). */

export const PASSCODE_LENGTH = 4;
export const PASSCODE_REQUIRED = messageRef("admin.passcode_required");

/** POST /api/admin/login. Any text up to a sane length: a wrong one is a 401, not a 400. */
export const adminLoginSchema = z.object({
  passcode: z.string({ error: PASSCODE_REQUIRED }).min(1, PASSCODE_REQUIRED).max(100, messageRef("admin.passcode_invalid")),
});

const IS_ADMIN_INVALID = messageRef("admin.is_admin_invalid");

/** PATCH /api/admin/users/{id}/admin-status. */
export const adminStatusSchema = z.object({
  isAdmin: z.boolean({ error: IS_ADMIN_INVALID }),
});

export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;
export const ADMIN_SEARCH_MAX = 200;

const LIMIT_INVALID = messageRef("admin.limit_invalid", { max: ADMIN_PAGE_MAX });
const limit = z
  .string({ error: LIMIT_INVALID })
  .regex(/^\d{1,4}$/, LIMIT_INVALID)
  .transform(Number)
  .refine((n) => n >= 1 && n <= ADMIN_PAGE_MAX, LIMIT_INVALID)
  .optional()
  .transform((n) => n ?? ADMIN_PAGE_DEFAULT);

const cursor = (name: "after" | "before") =>
  z
    .string({ error: messageRef("admin.cursor_invalid", { name }) })
    .regex(/^\d{1,10}$/, messageRef("admin.cursor_invalid", { name }))
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2 ** 31 - 1, messageRef("admin.cursor_invalid", { name }))
    .optional();

/**
 * The answer's header holding how many users match the search and filter over all pages: the body
 * stays the spec's plain array.
 */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** GET /api/admin/users?search=&isAdmin=true|false&limit=&after=; newest first. */
export const adminUsersQuerySchema = z.object({
  search: z
    .string({ error: messageRef("admin.search_invalid") })
    .max(ADMIN_SEARCH_MAX, messageRef("admin.search_too_long", { max: ADMIN_SEARCH_MAX }))
    .optional()
    .transform((v) => v?.trim() ?? ""),
  isAdmin: z
    .enum(["true", "false"], { error: IS_ADMIN_INVALID })
    .optional()
    .transform((v) => (v === undefined ? null : v === "true")),
  limit,
  after: cursor("after"),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /api/admin/audit-logs?limit=&before=. */
export const auditLogsQuerySchema = z.object({ limit, before: cursor("before") });
export type AuditLogsQuery = z.output<typeof auditLogsQuerySchema>;

export const SETTINGS_URL_MAX = 2048;
/** Each URL's refusals, naming the field as the panel labels it. */
const SETTINGS_URL_MESSAGES = {
  instagramUrl: {
    invalid: messageRef("admin.instagram_url_invalid"),
    tooLong: messageRef("admin.instagram_url_too_long", { max: SETTINGS_URL_MAX }),
    notWeb: messageRef("admin.instagram_url_not_web"),
  },
  logoUrl: {
    invalid: messageRef("admin.logo_url_invalid"),
    tooLong: messageRef("admin.logo_url_too_long", { max: SETTINGS_URL_MAX }),
    notWeb: messageRef("admin.logo_url_not_web"),
  },
};
const settingsUrl = (field: keyof typeof SETTINGS_URL_MESSAGES) =>
  z
    .string({ error: SETTINGS_URL_MESSAGES[field].invalid })
    .trim()
    .max(SETTINGS_URL_MAX, SETTINGS_URL_MESSAGES[field].tooLong)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isWebUrl(v), SETTINGS_URL_MESSAGES[field].notWeb);

function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** PUT /api/admin/settings: each an absolute http(s) URL of up to 2,048 characters, or null/empty for none. */
export const adminSettingsSchema = z.object({
  instagramUrl: settingsUrl("instagramUrl"),
  logoUrl: settingsUrl("logoUrl"),
});
export type AdminSettings = z.output<typeof adminSettingsSchema>;

/** A row of GET /api/admin/users: nothing secret. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  passwordResetRequired: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An entry of GET /api/admin/audit-logs. */
export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  targetUserEmail: z.string().nullable(),
  /** The actor's email when they acted as an admin; null for what a user did to their own account. */
  adminUserEmail: z.string().nullable(),
  /** Who did it, admin or not (decision 098). */
  actorEmail: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
