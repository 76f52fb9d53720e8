import { auditActionLabel } from "@core/admin";
import type { AuditLogEntry } from "@core/schemas/admin";

/** Spec §2: audit times are in US Eastern time, whatever the device's zone. */
const EASTERN = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});

/** "Nov 25, 2026, 2:05:07 PM EST"; the raw text when it is not an instant. */
export function easternTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : EASTERN.format(time);
}

/**
 * An entry's details as a person reads them: the server keeps them as a JSON object
 * (`{"reason":"wrong passcode"}` → "reason: wrong passcode"); other text shows as it is.
 */
export function detailsText(details: string | null): string | null {
  if (!details) return null;
  try {
    const value: unknown = JSON.parse(details);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const parts = Object.entries(value as Record<string, unknown>).map(([key, v]) => `${key}: ${v === null ? "none" : String(v)}`);
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
export function actorText(entry: Pick<AuditLogEntry, "adminUserEmail" | "actorEmail">): { label: "Admin" | "By"; email: string | null } {
  if (entry.adminUserEmail) return { label: "Admin", email: entry.adminUserEmail };
  return { label: "By", email: entry.actorEmail };
}

/** The shown entries as plain text, one per line, for "Copy Logs". */
export function auditLogAsText(entries: readonly AuditLogEntry[]): string {
  return entries
    .map((entry) => {
      const actor = actorText(entry);
      return [
        easternTime(entry.createdAt),
        auditActionLabel(entry.action),
        `target: ${entry.targetUserEmail ?? "-"}`,
        `${actor.label.toLowerCase()}: ${actor.email ?? "-"}`,
        detailsText(entry.details) ?? "",
      ]
        .filter(Boolean)
        .join(" | ");
    })
    .join("\n");
}
