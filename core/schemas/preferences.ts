import { z } from "zod";
import { isWallClockTime } from "../dates";
import { LOCALES } from "../i18n/locale";
import { messageRef } from "../i18n/translate";

/** A student's own settings kept on the server (docs/product.md#reminders). */

export const SCHEDULE_SOURCES = ["school", "mine"] as const;
export type ScheduleSource = (typeof SCHEDULE_SOURCES)[number];

export const SUMMARY_TIME_MESSAGE = messageRef("settings.summary_time_invalid");

export const preferencesSchema = z.object({
  /** HH:mm in the school's time zone when the evening summary is pushed; null when it is off. */
  eveningSummaryTime: z
    .string({ error: SUMMARY_TIME_MESSAGE })
    .refine((v) => isWallClockTime(v), SUMMARY_TIME_MESSAGE)
    .nullable(),
  /** The language the app, its pushes and its files are worded in, on every device (decision 108). */
  locale: z.enum(LOCALES, { error: messageRef("validation.locale_invalid") }),
  /**
   * Whose school day the student's agenda follows: the one the school published, or their own
   * (decision 112). Until they choose: "school" once the school has published one, unless they
   * saved their own first.
   */
  scheduleSource: z.enum(SCHEDULE_SOURCES, { error: messageRef("settings.schedule_source_invalid") }),
  /**
   * Whether the installed app's icon shows how many tasks are due today or overdue (decision 119),
   * set by the open app and by a reminder's push; on unless the student turns it off.
   */
  appBadge: z.boolean({ error: messageRef("server.app_badge_invalid") }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What PUT accepts: every field optional, only those present change. */
export const updatePreferencesSchema = preferencesSchema.partial();

/** The evening summary's suggested time when a student turns it on. */
export const DEFAULT_SUMMARY_TIME = "19:00";
