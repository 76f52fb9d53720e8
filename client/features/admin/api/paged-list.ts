import { ApiError } from "@/lib/api/errors";
import { apiRequest } from "@/lib/api/transport";

/** One page of an admin list: its rows, and the URL of the next page when the server gave one. */
export type Page<T> = { items: T[]; next: string | null };

/** The target of a `Link: <…>; rel="next"` header, or null. */
export function nextPageUrl(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (match) {
      // Only a path of our own API is followed, whatever the header says.
      const url = new URL(match[1]!, window.location.origin);
      return url.origin === window.location.origin && url.pathname.startsWith("/api/admin/") ? `${url.pathname}${url.search}` : null;
    }
  }
  return null;
}

/**
 * GETs one page of a paged admin list (a JSON array, with the next page in the Link header). Any
 * failure throws "{status}: {statusText}" (spec §8: the admin user search), so the list's error
 * line stays short whatever the body held.
 */
export async function getPage<T>(url: string): Promise<Page<T>> {
  let res: Response;
  try {
    res = await apiRequest("GET", url);
  } catch (error) {
    // A 403 is kept as it is: it may say the panel locked (isAdminLocked).
    if (error instanceof ApiError && error.status !== 403) throw new Error(`${error.status}: ${error.statusText || error.body}`);
    throw error;
  }
  const items = (await res.json()) as T[];
  return { items: Array.isArray(items) ? items : [], next: nextPageUrl(res.headers.get("link")) };
}
