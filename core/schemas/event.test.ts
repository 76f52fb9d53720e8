import { describe, expect, it } from "vitest";
import { createEventSchema, exceptionSchema, MAX_EVENTS_PER_USER, TOO_MANY_EVENTS } from "./event";
import { fieldErrors } from "./field-errors";
import { inEnglish } from "../test/in-english";

/** The first message of a field, as a reference (decision 108) and as the English reader sees it. */
function firstError(value: object, field: string): { ref: string | undefined; english: string | undefined } {
  const result = createEventSchema.safeParse(value);
  const ref = result.success ? undefined : fieldErrors(result.error)[field]?.[0];
  return { ref, english: inEnglish(ref) };
}

describe("the event schema's refusals are message references, worded as before in English", () => {
  it.each([
    [{}, "title", "calendar.title_required", "Title is required"],
    [
      { title: "x".repeat(201), date: "2026-01-05" },
      "title",
      'calendar.title_too_long {"max":200}',
      "Title must be at most 200 characters",
    ],
    [{ title: "Examen" }, "date", "calendar.date_required", "Date is required"],
    [{ title: "Examen", date: "2026-02-30" }, "date", "calendar.date_invalid", "Date must be a real date in yyyy-MM-dd format"],
    [{ title: "Examen", date: "2026-01-05", time: "9:00" }, "time", "calendar.time_invalid", "Time must be a time in HH:mm format"],
    [
      { title: "Examen", date: "2026-01-05", eventType: "party" },
      "eventType",
      'calendar.event_type_invalid {"types":"custom, study, exam, meeting, practice, early-dismissal, delay"}',
      "Event type must be one of custom, study, exam, meeting, practice, early-dismissal, delay",
    ],
    [
      { title: "Examen", date: "2026-01-05", recurring: "weekly" },
      "customDays",
      "calendar.weekly_needs_days",
      "Please select at least one weekday for weekly recurring events",
    ],
    [
      { title: "Examen", date: "2026-01-05", recurring: "monthly" },
      "customWhenToRepeat",
      "calendar.monthly_needs_option",
      "Please select a date option or specific dates for monthly recurring events",
    ],
    [
      { title: "Examen", date: "2026-01-05", recurring: "daily", customEndDate: "2026-01-01" },
      "customEndDate",
      "calendar.end_before_start",
      "End date must be on or after the event date",
    ],
    [
      { title: "Examen", date: "2026-01-05", customEndDate: "2026-13-01" },
      "customEndDate",
      "calendar.end_date_invalid",
      "End date must be a real date in yyyy-MM-dd format",
    ],
    [
      { title: "Examen", date: "2026-01-05", description: "x".repeat(5001) },
      "description",
      'calendar.description_too_long {"max":5000}',
      "Description must be at most 5000 characters",
    ],
    [
      { title: "Examen", date: "2026-01-05", notificationEnabled: true },
      "notificationTiming",
      "calendar.reminder_needs_timing",
      "Choose when to be reminded, or turn the reminder off",
    ],
    [
      { title: "Examen", date: "2026-01-05", parentEventId: -1 },
      "parentEventId",
      "calendar.parent_invalid",
      "parentEventId must be an event id",
    ],
  ])("%j → %s: %s", (value, field, ref, english) => {
    expect(firstError(value, field)).toEqual({ ref, english });
  });

  it("words the exception date and the events limit", () => {
    const result = exceptionSchema.safeParse({ exceptionDate: "soon" });
    expect(inEnglish(result.error?.issues[0]?.message)).toBe("Exception date must be a real date in yyyy-MM-dd format");
    expect(inEnglish(TOO_MANY_EVENTS)).toBe(`You can keep at most ${MAX_EVENTS_PER_USER} events. Delete some old events to add more.`);
  });
});
