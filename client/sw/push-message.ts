import type { PushPayload } from "../../core/schemas/push";

/** What a push turns into on screen. */
export interface NotificationSpec {
  title: string;
  options: { body: string; tag?: string; icon: string; badge: string; data: { url: string } };
  /**
   * The count for the app's icon (decision 119), from a reminder's `badge`: 0 clears it. Absent
   * when the push has none (another push, the student turned it off, a server from before it):
   * the icon is then left as it is.
   */
  appBadge?: number;
}

export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/icons/badge-96.png";
/**
 * The title of a push that names none: the app's name, the same in every language. The worker has
 * no catalog: every push the server sends is worded already, in its recipient's language
 * (docs/decisions/109-server-words.md), so this is the only text of the worker's own.
 */
const FALLBACK_TITLE = "Student Hub";

/** Only a path of our own: a push never opens another site. */
function ownPath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A count the icon can show: a whole number from 0 up; anything else is no count. */
const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/**
 * The notification for a push's data: our JSON `{ title, body, url, tag, badge? }`, the declarative form
 * iOS 18.4 reads itself (`{ web_push: 8030, notification: { title, body, navigate } }`), or plain
 * text. Every push shows something (Safari revokes subscriptions whose pushes show nothing).
 */
export function notificationFor(data: string | null): NotificationSpec {
  let parsed: unknown = null;
  try {
    parsed = data ? JSON.parse(data) : null;
  } catch {
    parsed = null;
  }
  const base = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE };
  if (parsed && typeof parsed === "object") {
    const record = parsed as Partial<PushPayload> & { notification?: Record<string, unknown> };
    const source = record.notification && typeof record.notification === "object" ? record.notification : record;
    const title = text(source.title).trim() || FALLBACK_TITLE;
    const tag = text(source.tag) || undefined;
    const appBadge = count(record.badge);
    return {
      title,
      options: { ...base, body: text(source.body), ...(tag ? { tag } : {}), data: { url: ownPath(source.url ?? source.navigate) } },
      ...(appBadge === undefined ? {} : { appBadge }),
    };
  }
  return { title: FALLBACK_TITLE, options: { ...base, body: data ?? "", data: { url: "/" } } };
}
