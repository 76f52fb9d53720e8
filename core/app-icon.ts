/**
 * The installed app's icon (decision 119): the query parameter its shortcuts open the dashboard
 * with (`/?new=task`, `/?new=event`), read once by the dashboard and then removed from the address.
 */
export const SHORTCUT_NEW_PARAM = "new";
export const SHORTCUT_NEW_KINDS = ["task", "event"] as const;
export type ShortcutNewKind = (typeof SHORTCUT_NEW_KINDS)[number];
