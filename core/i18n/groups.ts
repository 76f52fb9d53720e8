/**
 * The catalog's areas (locales/<language>/<area>.po), grouped by the screens that read them, so that
 * a screen downloads only the words it can show (docs/decisions/108): the start-up and validation
 * words come with the app; the sign-in and account words (`auth`) with the auth screen, the
 * password-reset screen and Settings, which is where they are read, so that the Home tab a student
 * opens every morning does not carry the sign-up form's words; the signed-in app's when a signed-in screen loads (with
 * `schedule`, the few calendar and class words the Home tab, Settings and the task dialog show:
 * event types, periods, Lunch); the Calendar tab's and the event dialog's with them, the class
 * editor's with it; the admin panel's with it; the server's stay on the server. `sso` (signing in
 * with the school's account: its buttons' divider, the sign-up policy's lines, the refusals a
 * provider's return can bring, Settings' confirmation with a provider) comes with the auth screen
 * and with Settings: rarely read, it stays out of the start-up words every screen downloads. `sync`
 * (changes kept offline, their chip and conflicts) comes with the offline-edits part, which loads
 * after the signed-in app's first screen (docs/decisions/116). `badge` (Settings' switch for the app
 * icon's count) comes with that switch, in both languages, as `sync` does (docs/decisions/119); `plan`
 * (the study plan's screens and Settings → Study time, issue 51) likewise comes with them, and
 * `caldav` (Settings → Connect a calendar app and its refusals, issue 52) with that section, and
 * `grades` (the Grades screens and their refusals, issue 53) with those screens, and `guardians`
 * (Settings → Family and its refusals, issue 54) with that section, and `twofactor` (Settings →
 * Two-step verification and the sign-in's code step, issue 55) with each of them.
 */
export const MESSAGE_GROUPS = {
  start: ["common", "validation", "landing"],
  auth: ["auth"],
  app: ["settings", "tasks", "dashboard", "schedule"],
  calendar: ["calendar"],
  classes: ["classes"],
  admin: ["admin"],
  sso: ["sso"],
  sync: ["sync"],
  badge: ["badge"],
  plan: ["plan"],
  caldav: ["caldav"],
  grades: ["grades"],
  guardians: ["guardians"],
  twofactor: ["twofactor"],
  server: ["server"],
} as const satisfies Record<string, readonly string[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

/** Every area, in one list: the Lingui configuration's catalogs. */
export const CATALOG_AREAS: readonly string[] = Object.values(MESSAGE_GROUPS).flat();
