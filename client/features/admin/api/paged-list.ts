import { TOTAL_COUNT_HEADER } from "@core/admin";
import { ApiError } from "@/lib/api/errors";
import { apiRequest } from "@/lib/api/transport";

/**
 * One page of an admin list: its rows, the URL of the next page when the server gave one, and how
 * many rows the list has over all its pages when the server says (X-Total-Count), else null.
 */
export type Page<T> = { items: T[]; next: string | null; total: number | null };

/** The X-Total-Count header as a count, or null when it is missing or not a whole number. */
export function totalCount(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

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
  return {
    items: Array.isArray(items) ? items : [],
    next: nextPageUrl(res.headers.get("link")),
    total: totalCount(res.headers.get(TOTAL_COUNT_HEADER)),
  };
}
