import { z } from "zod";
import { messageRef } from "../i18n/translate";

/** The admin API's requests and answers (docs/product.md#admin-area, decision 085). */

export const PASSCODE_LENGTH = 4;
export const PASSCODE_REQUIRED = messageRef("admin.passcode_required");

const PASSCODE_INVALID = messageRef("admin.passcode_invalid");

/** POST /api/admin/login. Any text up to a sane length: a wrong one is a 401, not a 400. */
export const adminLoginSchema = z.object({
  passcode: z.string({ error: PASSCODE_REQUIRED }).min(1, PASSCODE_REQUIRED).max(100, PASSCODE_INVALID),
});

/**
 * The passcode gate's form: the login request's rules and the passcode's length (spec §2), which
 * the server leaves to the passcode itself (one of another length is a wrong one, a 401 "Invalid
 * passcode"). The gate's Unlock stays disabled until this accepts the field.
 */
export const passcodeFormSchema = z.object({
  passcode: adminLoginSchema.shape.passcode.length(PASSCODE_LENGTH, PASSCODE_INVALID),
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
  /** Whether students may share a digest with their families (issue 54); left out, it stays as it is. */
  guardianDigestsEnabled: z.boolean({ error: messageRef("admin.guardian_digests_invalid") }).optional(),
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
  /** False for an account that signs in only through the school's provider (no Reset Password then). */
  hasPassword: z.boolean(),
  /** The ids of the providers the account has signed in with (`user_identities`), in order of id. */
  providers: z.array(z.string()),
  /** Two-step verification is on (issue 55): staff without it are named when STAFF_REQUIRE_2FA is set. */
  twoFactor: z.boolean(),
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

/** The roster import's file (issue 35): up to 5,000 students and 1 MB of UTF-8. */
export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_BYTES = 1024 * 1024;
/**
 * POST /api/admin/users/import's body limit: the file travels as a JSON string, where each quote
 * and line break takes two bytes, so a 1 MB file may come to twice that. A bigger file is refused
 * by its own size (ROSTER_MAX_BYTES, 413 with the import's words), not by the body limit.
 */
export const ROSTER_BODY_LIMIT_BYTES = 2 * ROSTER_MAX_BYTES + 64 * 1024;
/**
 * How long a roster import may take, server and browser: hashing 5,000 temporary passwords is
 * about half a minute on two cores (npm run bench:roster), past the 15 s other requests get.
 */
export const ROSTER_IMPORT_TIMEOUT_MS = 180_000;
/** The file's columns as its header names them (any order, any case); isAdmin may be left out. */
export const ROSTER_COLUMNS = ["email", "firstName", "lastName", "isAdmin"] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];
export const ROSTER_REQUIRED_COLUMNS: readonly RosterColumn[] = ["email", "firstName", "lastName"];

/** POST /api/admin/users/import: the CSV file's text, and whether only to preview it. */
export const rosterImportSchema = z.object({
  csv: z.string({ error: messageRef("admin.import_csv_invalid") }),
  dryRun: z.boolean({ error: messageRef("admin.import_dry_run_invalid") }),
});
export type RosterImportInput = z.output<typeof rosterImportSchema>;

export const ROSTER_ROW_STATUSES = ["ok", "error", "exists"] as const;
export type RosterRowStatus = (typeof ROSTER_ROW_STATUSES)[number];

/**
 * A line of the file as the import judged it: `ok` (created, or would be), `error` (its problems
 * by column, worded as field errors are), `exists` (an account has the email; left alone).
 * `temporaryPassword` only in a real import's answer, for a created account of a school without
 * single sign-on.
 */
export const rosterRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  status: z.enum(ROSTER_ROW_STATUSES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  temporaryPassword: z.string().optional(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterImportResultSchema = z.object({
  /** How many accounts this call created: 0 for a preview. */
  created: z.number().int(),
  rows: z.array(rosterRowSchema),
});
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;
