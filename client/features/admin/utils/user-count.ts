/** "1 user", "64 users", "1,204 users": how many users a search and filter match. */
export function userCountText(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? "user" : "users"}`;
}

/**
 * The Notifications chooser's note when it lists only some of the matches: "Showing 8 of 64 users.
 * Search to find others." Null when every match is listed, or the total is unknown.
 */
export function chooserShortfallText(shown: number, total: number | null): string | null {
  if (total === null || total <= shown) return null;
  return `Showing ${shown.toLocaleString()} of ${userCountText(total)}. Search to find others.`;
}
