import { z } from "zod";

/** The admin API's requests and answers (docs/product.md#admin-area, decision 085). */

export const PASSCODE_LENGTH = 4;
export const PASSCODE_REQUIRED = "Passcode is required";

/** POST /api/admin/login. Any text up to a sane length: a wrong one is a 401, not a 400. */
export const adminLoginSchema = z.object({
  passcode: z.string({ error: PASSCODE_REQUIRED }).min(1, PASSCODE_REQUIRED).max(100, "Invalid passcode"),
});

/** PATCH /api/admin/users/{id}/admin-status. */
export const adminStatusSchema = z.object({
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }),
});

export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;
export const ADMIN_SEARCH_MAX = 200;

const limit = z
  .string({ error: `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}` })
  .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= ADMIN_PAGE_MAX, `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`)
  .optional()
  .transform((n) => n ?? ADMIN_PAGE_DEFAULT);

const cursor = (name: string) =>
  z
    .string({ error: `${name} must be an id` })
    .regex(/^\d{1,10}$/, `${name} must be an id`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2 ** 31 - 1, `${name} must be an id`)
    .optional();

/**
 * The answer's header holding how many users match the search and filter over all pages: the body
 * stays the spec's plain array.
 */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** GET /api/admin/users?search=&isAdmin=true|false&limit=&after=; newest first. */
export const adminUsersQuerySchema = z.object({
  search: z
    .string({ error: "search must be text" })
    .max(ADMIN_SEARCH_MAX, `search must be at most ${ADMIN_SEARCH_MAX} characters`)
    .optional()
    .transform((v) => v?.trim() ?? ""),
  isAdmin: z
    .enum(["true", "false"], { error: "isAdmin must be true or false" })
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
const settingsUrl = (label: string) =>
  z
    .string({ error: `${label} must be a URL or empty` })
    .trim()
    .max(SETTINGS_URL_MAX, `${label} must be at most ${SETTINGS_URL_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isWebUrl(v), `${label} must be a full http:// or https:// address`);

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
  instagramUrl: settingsUrl("Social profile URL"),
  logoUrl: settingsUrl("Logo URL"),
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
