import { auditActionLabel } from "@core/admin";
import { INTL_LOCALES, type Locale } from "@core/i18n/locale";
import type { MessageId, Translate } from "@core/i18n/translate";
import type { AuditLogEntry } from "@core/schemas/admin";

/** Spec §2: audit times are in US Eastern time, whatever the device's zone; 12-hour in every language. */
const EASTERN: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

function easternFormat(locale: Locale): Intl.DateTimeFormat {
  return (EASTERN[locale] ??= new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone: "America/New_York",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    hour12: true,
    timeZoneName: "short",
  }));
}

/** "Nov 25, 2026, 2:05:07 PM EST" ("25 nov 2026, 2:05:07 p. m. GMT-5" in Spanish); the raw text when it is not an instant. */
export function easternTime(iso: string, locale: Locale): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : easternFormat(locale).format(time);
}

/**
 * The details the server records (server/services/admin-service.ts, push-service.ts, announcements.ts;
 * `count` is a roster import's), named in the reader's language (issue 49: an announcement's
 * "devices" and "audience" showed in English).
 */
const DETAIL_KEYS = {
  audience: "admin.detail_audience",
  devices: "admin.detail_devices",
  reason: "admin.detail_reason",
  title: "admin.detail_title",
  delivered: "admin.detail_delivered",
  failed: "admin.detail_failed",
  instagramUrl: "admin.detail_instagram_url",
  logoUrl: "admin.detail_logo_url",
  count: "admin.detail_count",
} as const satisfies Record<string, MessageId>;

/** The reasons the server records; any other value is shown as recorded. */
const REASONS = {
  "wrong passcode": "admin.reason_wrong_passcode",
  "locked out": "admin.reason_locked_out",
  "no device": "admin.reason_no_device",
  "the push service did not accept it": "admin.reason_push_refused",
} as const satisfies Record<string, MessageId>;

/** Who an announcement went to, as the form words it. */
const AUDIENCES = {
  all: "admin.audience_all",
  students: "admin.audience_students",
  admins: "admin.audience_admins",
} as const satisfies Record<string, MessageId>;

const known = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

function detailValue(key: string, value: unknown, t: Translate): string {
  if (value === null) return t("admin.details_none");
  const text = String(value);
  if (key === "reason" && known(REASONS, text)) return t(REASONS[text]);
  if (key === "audience" && known(AUDIENCES, text)) return t(AUDIENCES[text]);
  return text;
}

/**
 * An entry's details as a person reads them: the server keeps them as a JSON object
 * (`{"reason":"wrong passcode"}` → "reason: wrong passcode", "motivo: código de acceso incorrecto");
 * other text shows as it is. The fields and reasons the server records are worded with `t`; others
 * show as recorded.
 */
export function detailsText(details: string | null, t: Translate): string | null {
  if (!details) return null;
  try {
    const value: unknown = JSON.parse(details);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const parts = Object.entries(value as Record<string, unknown>).map(
        ([key, v]) => `${known(DETAIL_KEYS, key) ? t(DETAIL_KEYS[key]) : key}: ${detailValue(key, v, t)}`,
      );
      return parts.length ? parts.join(", ") : null;
    }
  } catch {
    // Not JSON: plain text.
  }
  return details;
}

/**
 * Who did it, as the panel names them: "Admin" for an admin acting as one (the spec's admin email),
 * "By" for someone acting on their own account, a student changing her password or deleting her
 * account (decision 098).
 */
export function actorText(entry: Pick<AuditLogEntry, "adminUserEmail" | "actorEmail">): { asAdmin: boolean; email: string | null } {
  if (entry.adminUserEmail) return { asAdmin: true, email: entry.adminUserEmail };
  return { asAdmin: false, email: entry.actorEmail };
}

/** The shown entries as plain text, one per line, for "Copy Logs", in the reader's language. */
export function auditLogAsText(entries: readonly AuditLogEntry[], t: Translate, locale: Locale): string {
  return entries
    .map((entry) => {
      const actor = actorText(entry);
      const actorEmail = actor.email ?? "-";
      return [
        easternTime(entry.createdAt, locale),
        auditActionLabel(entry.action, t),
        t("admin.copy_target", { email: entry.targetUserEmail ?? "-" }),
        actor.asAdmin ? t("admin.copy_admin", { email: actorEmail }) : t("admin.copy_by", { email: actorEmail }),
        detailsText(entry.details, t) ?? "",
      ]
        .filter(Boolean)
        .join(" | ");
    })
    .join("\n");
}
