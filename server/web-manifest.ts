import { SHARE_PARAMS, SHORTCUT_NEW_PARAM } from "../core/app-icon";
import type { Locale } from "../core/i18n/locale";
import { translator } from "./i18n";

/**
 * The web app manifest (decisions 088, 119) in one language: served by the server, not a file of
 * the build, so that its description and the app icon's shortcuts ("New task", "New event",
 * "Today") are in the reader's language. Its identity (id, start_url, scope) and its icons are the
 * same in every language: a student who switches language keeps the one installed app.
 */
export function webManifest(locale: Locale) {
  const t = translator(locale);
  const shortcutIcon = (name: string) => [{ src: `/icons/shortcut-${name}-96.png`, sizes: "96x96", type: "image/png" }];
  return {
    id: "/",
    name: "Student Hub",
    short_name: "Student Hub",
    description: t("server.manifest_description"),
    lang: locale,
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: "#f9fafc",
    background_color: "#f9fafc",
    categories: ["education", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // A long press on the installed icon (Android, desktop). The dashboard opens the new task or
    // event as its `n` / `e` keys do; a visitor signs in first and comes back to the same address.
    shortcuts: [
      { name: t("server.shortcut_new_task"), url: `/?${SHORTCUT_NEW_PARAM}=task`, icons: shortcutIcon("task") },
      { name: t("server.shortcut_new_event"), url: `/?${SHORTCUT_NEW_PARAM}=event`, icons: shortcutIcon("event") },
      { name: t("server.shortcut_today"), url: "/#home", icons: shortcutIcon("today") },
    ],
    // "Share" from another app (an assignment page, a teacher's message) opens quick add with it
    // (decision 118). GET: the address opens from the service worker's shell offline too, and a
    // share followed signed out comes back after sign-in.
    share_target: { action: "/", method: "GET", enctype: "application/x-www-form-urlencoded", params: SHARE_PARAMS },
  };
}
