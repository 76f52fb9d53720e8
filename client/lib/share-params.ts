/**
 * The manifest's `share_target` (decision 118): another app's "Share" opens `/?share_title=…&
 * share_text=…&share_url=…` (GET, so it works while the app is offline too), and quick add starts
 * with it. These are the parameter names the manifest gives the browser. Apart from
 * lib/share-target.ts, which reads them, so the first screen can tell a share without its code.
 */
export const SHARE_PARAMS = { title: "share_title", text: "share_text", url: "share_url" } as const;

/** Whether the app was opened by a share. */
export const openedByShare = (search: string) => /[?&]share_(title|text|url)=/.test(search);
