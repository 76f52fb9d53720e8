/**
 * `href` (a path with its query and hash) without the query parameters `names`: what a notice read
 * from the address (`?sso_error=…`, `?confirm=…`) leaves behind once it has been shown, so that a
 * reload or a bookmark does not show it again.
 */
export function withoutSearchParams(href: string, names: readonly string[]): string {
  const url = new URL(href, "http://localhost");
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Takes `names` out of the address bar in place: no navigation, no history entry. */
export function dropSearchParams(names: readonly string[]): void {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const next = withoutSearchParams(current, names);
  if (next !== current) window.history.replaceState(window.history.state, "", next);
}
