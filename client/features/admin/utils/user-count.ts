import { INTL_LOCALES, type Locale } from "@core/i18n/locale";
import type { Translate } from "@core/i18n/translate";

/** "1 user", "64 users", "1,204 users" ("1204 usuarios"): how many users a search and filter match. */
export function userCountText(count: number, t: Translate): string {
  return t("admin.user_count", { count });
}

/**
 * The Notifications chooser's note when it lists only some of the matches: "Showing 8 of 64 users.
 * Search to find others." Null when every match is listed, or the total is unknown.
 */
export function chooserShortfallText(shown: number, total: number | null, t: Translate, locale: Locale): string | null {
  if (total === null || total <= shown) return null;
  return t("admin.chooser_shortfall", { shown: shown.toLocaleString(INTL_LOCALES[locale]), count: total });
}
