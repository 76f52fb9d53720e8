import { z } from "zod";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { preferencesSchema, type Preferences } from "@core/schemas/preferences";
import type { TimeRange } from "@core/study-plan";

/** What Settings → Study time holds: each weekday's windows as its time inputs have them, the two numbers as typed. */
export type StudyTimeValues = {
  studyWindows: Record<WeekdayName, TimeRange[]>;
  dailyStudyLimitMinutes: string;
  maxBlockMinutes: string;
};

/** The days in the order a school week reads: Monday first, the weekend last. */
export const WEEK_ORDER: readonly WeekdayName[] = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]!];

export function studyTimeValues(
  preferences: Pick<Preferences, "studyWindows" | "dailyStudyLimitMinutes" | "maxBlockMinutes">,
): StudyTimeValues {
  return {
    studyWindows: Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, preferences.studyWindows[day].map((w) => ({ ...w }))])) as Record<
      WeekdayName,
      TimeRange[]
    >,
    dailyStudyLimitMinutes: String(preferences.dailyStudyLimitMinutes),
    maxBlockMinutes: String(preferences.maxBlockMinutes),
  };
}

const typedNumber = z.string().transform((v) => (v.trim() === "" ? Number.NaN : Number(v)));

/**
 * The form's check: the numbers as typed into the preferences' own rules, the windows as they are,
 * so every refusal is the API's, in its words (the plan catalog), one round trip sooner.
 */
export const studyTimeFormSchema = z.object({
  studyWindows: preferencesSchema.shape.studyWindows,
  dailyStudyLimitMinutes: typedNumber.pipe(preferencesSchema.shape.dailyStudyLimitMinutes),
  maxBlockMinutes: typedNumber.pipe(preferencesSchema.shape.maxBlockMinutes),
});
