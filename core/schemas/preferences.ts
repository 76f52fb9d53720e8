import { z } from "zod";
import { isWallClockTime } from "../dates";
import { WEEKDAY_NAMES, type WeekdayName } from "../day-numbers";
import { LOCALES } from "../i18n/locale";
import { messageRef } from "../i18n/translate";

/** A student's own settings kept on the server (docs/product.md#reminders). */

export const SCHEDULE_SOURCES = ["school", "mine"] as const;
export type ScheduleSource = (typeof SCHEDULE_SOURCES)[number];

export const SUMMARY_TIME_MESSAGE = messageRef("settings.summary_time_invalid");

export const MAX_STUDY_WINDOWS_PER_DAY = 3;
export const DAILY_STUDY_LIMIT = { min: 30, max: 720 } as const;
export const MAX_BLOCK = { min: 15, max: 120 } as const;

const STUDY_WINDOW_TIME = messageRef("plan.study_window_time_invalid");
const studyTime = z.string({ error: STUDY_WINDOW_TIME }).refine((v) => isWallClockTime(v), STUDY_WINDOW_TIME);
const studyWindow = z
  .object({ start: studyTime, end: studyTime }, { error: STUDY_WINDOW_TIME })
  .refine((w) => w.start < w.end, { message: messageRef("plan.study_window_order"), path: ["end"] });
const STUDY_WINDOWS_INVALID = messageRef("plan.study_windows_invalid");
const dayWindows = z
  .array(studyWindow, { error: STUDY_WINDOWS_INVALID })
  .max(MAX_STUDY_WINDOWS_PER_DAY, messageRef("plan.study_windows_too_many", { max: MAX_STUDY_WINDOWS_PER_DAY }))
  .refine((windows) => {
    const sorted = [...windows].sort((a, b) => (a.start < b.start ? -1 : 1));
    return sorted.every((w, i) => i === 0 || sorted[i - 1]!.end <= w.start);
  }, messageRef("plan.study_windows_overlap"));

/** The seven weekdays' study windows (each at most 3, not overlapping), all seven named. */
export const studyWindowsSchema = z.object(
  Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, dayWindows])) as Record<WeekdayName, typeof dayWindows>,
  { error: STUDY_WINDOWS_INVALID },
);

function wholeMinutes(range: { min: number; max: number }, message: string) {
  return z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
}

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
  /** When the student studies, per weekday (issue 51): the study plan's free time comes from these. */
  studyWindows: studyWindowsSchema,
  /** At most this much is planned in one day. */
  dailyStudyLimitMinutes: wholeMinutes(DAILY_STUDY_LIMIT, messageRef("plan.daily_study_limit_invalid", DAILY_STUDY_LIMIT)),
  /** The longest study block the plan makes. */
  maxBlockMinutes: wholeMinutes(MAX_BLOCK, messageRef("plan.max_block_invalid", MAX_BLOCK)),
  /** Whether a push says when a study block starts (decision 132); off unless the student turns it on. */
  studyBlockReminders: z.boolean({ error: messageRef("server.study_block_reminders_invalid") }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What PUT accepts: every field optional, only those present change. */
export const updatePreferencesSchema = preferencesSchema.partial();

/** The evening summary's suggested time when a student turns it on. */
export const DEFAULT_SUMMARY_TIME = "19:00";
