/**
 * The catalog's areas (locales/<language>/<area>.po), grouped by the screens that read them, so that
 * a screen downloads only the words it can show (docs/decisions/108): the start-up, sign-in and
 * validation words come with the app; the signed-in app's when a signed-in screen loads; the admin
 * panel's with it; the server's stay on the server.
 */
export const MESSAGE_GROUPS = {
  start: ["common", "auth", "validation", "landing"],
  app: ["settings", "tasks", "calendar", "classes", "dashboard"],
  admin: ["admin"],
  server: ["server"],
} as const satisfies Record<string, readonly string[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

/** Every area, in one list: the Lingui configuration's catalogs. */
export const CATALOG_AREAS: readonly string[] = Object.values(MESSAGE_GROUPS).flat();
