/**
 * The installed app's icon (decision 119): the query parameter its shortcuts open the dashboard
 * with (`/?new=task`, `/?new=event`), read once by the dashboard and then removed from the address.
 */
export const SHORTCUT_NEW_PARAM = "new";
export const SHORTCUT_NEW_KINDS = ["task", "event"] as const;
export type ShortcutNewKind = (typeof SHORTCUT_NEW_KINDS)[number];

/**
 * The manifest's share target (decision 118): another app's "Share" opens `/?share_title=…&
 * share_text=…&share_url=…` (GET, so it opens while the app is offline too), and quick add starts
 * with it (client/lib/share-target.ts). The parameter names the manifest gives the browser.
 */
export const SHARE_PARAMS = { title: "share_title", text: "share_text", url: "share_url" } as const;

/** Whether an address was opened by a share. */
export const openedByShare = (search: string) => /[?&]share_(title|text|url)=/.test(search);

/**
 * What an address opened from the app icon (`new`) or by a share carries, for a visitor to come
 * back to once signed in: the server sends them to `/auth` with it, and the auth screen returns
 * them to `/` with it. Anything else the address says is dropped.
 */
export function returnParams(search: string): URLSearchParams {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const kind = from.get(SHORTCUT_NEW_PARAM);
  if ((SHORTCUT_NEW_KINDS as readonly (string | null)[]).includes(kind)) kept.set(SHORTCUT_NEW_PARAM, kind!);
  for (const name of Object.values(SHARE_PARAMS)) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}
