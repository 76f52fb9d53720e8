/**
 * The Home tab greeting (docs/product.md#greeting): the time of day in the school's time zone rather than
 * the browser's.
 */
import { zonedParts } from "./dates";
import type { Translate } from "./i18n/translate";

export type TimeOfDay = "morning" | "afternoon" | "evening";

/** Morning before 12:00, afternoon before 17:00, otherwise evening. */
export function timeOfDay(now: Date, timeZone: string): TimeOfDay {
  const { hour } = zonedParts(now, timeZone);
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

const GREETING = {
  morning: "dashboard.greeting_morning",
  afternoon: "dashboard.greeting_afternoon",
  evening: "dashboard.greeting_evening",
} as const;
const GREETING_WITH_NAME = {
  morning: "dashboard.greeting_morning_name",
  afternoon: "dashboard.greeting_afternoon_name",
  evening: "dashboard.greeting_evening_name",
} as const;

/** "Good morning", or "Good morning, Ana" when a first name is known; worded with `t` ("Buenos días, Ana"). */
export function greeting(now: Date, timeZone: string, firstName: string | null | undefined, t: Translate): string {
  const time = timeOfDay(now, timeZone);
  const name = firstName?.trim();
  return name ? t(GREETING_WITH_NAME[time], { name }) : t(GREETING[time]);
}
