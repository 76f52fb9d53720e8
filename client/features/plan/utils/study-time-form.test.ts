import { describe, expect, it } from "vitest";
import { inEnglish } from "@core/test/in-english";
import { DEFAULT_STUDY_PREFERENCES } from "@core/study-plan";
import { studyTimeFormSchema, studyTimeValues, WEEK_ORDER } from "./study-time-form";

const values = studyTimeValues(DEFAULT_STUDY_PREFERENCES);
const refusals = (changed: object) =>
  studyTimeFormSchema.safeParse({ ...values, ...changed }).error?.issues.map((i) => [i.path.join("."), inEnglish(i.message)]);

describe("Settings → Study time's form", () => {
  it("starts from the preferences and gives back what PUT /api/user/preferences takes", () => {
    expect(values.dailyStudyLimitMinutes).toBe("180");
    expect(studyTimeFormSchema.parse(values)).toEqual({
      studyWindows: DEFAULT_STUDY_PREFERENCES.studyWindows,
      dailyStudyLimitMinutes: 180,
      maxBlockMinutes: 60,
    });
    expect(WEEK_ORDER[0]).toBe("monday");
    expect(WEEK_ORDER[6]).toBe("sunday");
  });

  it("refuses what the API refuses, in its words", () => {
    expect(refusals({ dailyStudyLimitMinutes: "20" })).toEqual([
      ["dailyStudyLimitMinutes", "The daily study limit must be a whole number of minutes from 30 to 720"],
    ]);
    expect(refusals({ maxBlockMinutes: "" })).toEqual([
      ["maxBlockMinutes", "The longest study block must be a whole number of minutes from 15 to 120"],
    ]);
    expect(refusals({ studyWindows: { ...values.studyWindows, monday: [{ start: "18:00", end: "17:00" }] } })).toEqual([
      ["studyWindows.monday.0.end", "A study window must end after it starts"],
    ]);
    expect(
      refusals({
        studyWindows: {
          ...values.studyWindows,
          friday: [
            { start: "16:00", end: "18:00" },
            { start: "17:00", end: "19:00" },
          ],
        },
      }),
    ).toEqual([["studyWindows.friday", "A day's study windows must not overlap"]]);
  });
});
