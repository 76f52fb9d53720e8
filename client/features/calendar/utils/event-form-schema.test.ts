import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { messages as spanishCalendar } from "@core/i18n/compiled/es/calendar";
import { wordMessageRef } from "@core/i18n/translate";
import { MONTHLY_NEEDS_DAYS, MONTHLY_NEEDS_OPTION } from "@core/schemas/event";
import { inEnglish } from "@core/test/in-english";
import { event } from "@core/test/builders";
import {
  dateOptionForRecurrence,
  daysForRecurrence,
  emptyEventForm,
  eventFormSchema,
  type EventFormValues,
  eventToFormValues,
  formToRequest,
} from "./event-form-schema";

const monthly = (fields: Partial<EventFormValues>): EventFormValues => ({
  ...emptyEventForm("2026-11-30"),
  title: "Club dues",
  recurring: "monthly",
  ...fields,
});

/** The first message of each field the schema refuses, as the form shows them. */
function messages(values: EventFormValues): Record<string, string> {
  const result = eventFormSchema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message;
  return found;
}

describe("the days a Recurring choice starts with", () => {
  it.each([
    ["daily", "2026-11-28", ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]],
    ["weekly", "2026-11-30", ["monday"]], // the start date's weekday (issue 49)
    ["weekly", "2026-11-28", ["saturday"]],
    ["biweekly", "2026-12-03", ["thursday"]],
    ["weekly", "", []], // no date yet
    ["monthly", "2026-12-15", ["15"]],
    ["monthly", "2026-11-30", []], // past the chooser's 28
    ["none", "2026-11-30", []],
  ] as const)("%s from %s: %j", (kind, date, days) => {
    expect(daysForRecurrence(kind, date)).toEqual(days);
  });
});

describe("the monthly date option (decision 083)", () => {
  it("refuses a monthly event with neither, with the spec's message on each field", () => {
    expect(messages(monthly({ customWhenToRepeat: "", customDays: [] }))).toEqual({
      customWhenToRepeat: MONTHLY_NEEDS_OPTION,
      customDays: MONTHLY_NEEDS_DAYS,
    });
    // Specific dates chosen but none ticked: the same two messages.
    expect(messages(monthly({ customWhenToRepeat: "specific-dates", customDays: [] }))).toEqual({
      customWhenToRepeat: MONTHLY_NEEDS_OPTION,
      customDays: MONTHLY_NEEDS_DAYS,
    });
  });

  it("words the two messages in English and in Spanish where the form shows them (decision 108)", () => {
    const spanish = setupI18n({ locale: "es", messages: { es: { ...spanishApp, ...spanishCalendar } as Messages } });
    const found = messages(monthly({ customWhenToRepeat: "", customDays: [] }));
    expect(inEnglish(found.customWhenToRepeat)).toBe("Please select a date option or specific dates for monthly recurring events");
    expect(inEnglish(found.customDays)).toBe("Please select specific dates or choose a date option above");
    expect(wordMessageRef(spanish, found.customWhenToRepeat!)).toBe(
      "Elige una opción de fecha o fechas específicas para un evento que se repite cada mes",
    );
    expect(wordMessageRef(spanish, found.customDays!)).toBe("Elige fechas específicas o una opción de fecha arriba");
    const tooLong = messages({ ...monthly({ customDays: ["1"] }), title: "x".repeat(201) });
    expect(wordMessageRef(spanish, tooLong.title!)).toBe("El título debe tener como máximo 200 caracteres");
  });

  it("sends the same date each month as customWhenToRepeat and no days, whatever days were ticked", () => {
    const parsed = eventFormSchema.parse(monthly({ customWhenToRepeat: "same-date", customDays: ["3"] }));
    expect(parsed).toMatchObject({ recurring: "monthly", customWhenToRepeat: "same-date", customDays: [] });
  });

  it("sends specific dates without customWhenToRepeat", () => {
    const parsed = eventFormSchema.parse(monthly({ customWhenToRepeat: "specific-dates", customDays: ["15", "1"] }));
    expect(parsed).toMatchObject({ customWhenToRepeat: null, customDays: ["1", "15"] });
  });

  it("sends no date option for any other kind", () => {
    const parsed = eventFormSchema.parse(monthly({ recurring: "weekly", customWhenToRepeat: "same-date", customDays: ["monday"] }));
    expect(parsed).toMatchObject({ recurring: "weekly", customWhenToRepeat: null, customDays: ["monday"] });
  });

  it("reads a stored event back into the option it was saved with", () => {
    const option = (fields: Omit<Parameters<typeof event>[0], "id">) => eventToFormValues(event({ id: 1, ...fields })).customWhenToRepeat;
    expect(option({ recurring: "monthly", customWhenToRepeat: "same-date", customDays: [] })).toBe("same-date");
    expect(option({ recurring: "monthly", customWhenToRepeat: "day", customDays: [] })).toBe("same-date"); // another client's text
    expect(option({ recurring: "monthly", customDays: ["5"] })).toBe("specific-dates");
    expect(option({ recurring: "monthly", customDays: [] })).toBe("");
    expect(option({ recurring: "weekly", customWhenToRepeat: "same-date", customDays: ["monday"] })).toBe("");
  });

  it("starts a newly chosen Monthly on specific dates when the start's day was preselected, else on no option", () => {
    expect(dateOptionForRecurrence("monthly", ["25"])).toBe("specific-dates");
    expect(dateOptionForRecurrence("monthly", [])).toBe("");
    expect(dateOptionForRecurrence("weekly", ["monday"])).toBe("");
  });
});

describe("the Reminder choice", () => {
  it("is sent as notificationEnabled and notificationTiming; None as false and null", () => {
    const on = formToRequest(eventFormSchema.parse({ ...emptyEventForm("2026-12-01"), title: "Exam", reminder: "30-minutes" }));
    expect([on.notificationEnabled, on.notificationTiming]).toEqual([true, "30-minutes"]);
    const off = formToRequest(eventFormSchema.parse({ ...emptyEventForm("2026-12-01"), title: "Exam" }));
    expect([off.notificationEnabled, off.notificationTiming]).toEqual([false, null]);
  });

  it("shows a stored event's reminder, and None for one that is off", () => {
    expect(eventToFormValues(event({ id: 1, notificationEnabled: true, notificationTiming: "1-day" })).reminder).toBe("1-day");
    expect(eventToFormValues(event({ id: 2, notificationEnabled: false, notificationTiming: null })).reminder).toBe("none");
  });
});

describe("an event's end and an exam's revision time (issue 51)", () => {
  const exam = { ...emptyEventForm("2026-12-04"), title: "Chemistry exam", eventType: "exam" as const, time: "09:00" };

  it("are sent with a time and for an exam, and read back from a stored event", () => {
    const request = formToRequest(eventFormSchema.parse({ ...exam, endTime: "10:30", prepMinutes: "120" }));
    expect(request).toMatchObject({ time: "09:00", endTime: "10:30", prepMinutes: 120 });
    expect(eventToFormValues(event({ id: 1, time: "09:00", endTime: "10:30", prepMinutes: 120, eventType: "exam" }))).toMatchObject({
      endTime: "10:30",
      prepMinutes: "120",
    });
  });

  it("are cleared, not refused, once hidden: no end without a time, no revision for another type", () => {
    expect(formToRequest(eventFormSchema.parse({ ...exam, time: "", endTime: "10:30" }))).toMatchObject({ endTime: null });
    expect(formToRequest(eventFormSchema.parse({ ...exam, eventType: "study", prepMinutes: "120" }))).toMatchObject({ prepMinutes: null });
  });

  it("refuses an end not after the start and a revision time out of range, in the API's words", () => {
    expect(inEnglish(messages({ ...exam, endTime: "09:00" }).endTime)).toBe("The end time must be after the start time");
    expect(inEnglish(messages({ ...exam, prepMinutes: "2000" }).prepMinutes)).toBe(
      "Revision time must be a whole number of minutes from 0 to 1200, or empty",
    );
  });
});
