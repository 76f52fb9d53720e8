import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { fallbackSubjects, periodLabel, subjectOptions, type Words } from "@core/classes";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { translatorFor } from "@core/i18n/translate";
import { rotationDayName } from "@core/school-day";
import { inEnglish, translateInEnglish } from "@core/test/in-english";
import { schemaResolver } from "@/components/form/schema-resolver";
import {
  bellLabel,
  bellRowsFor,
  DEFAULT_QUICK_FILL,
  formFromSchedule,
  rotationLabels,
  type SchoolDayFormState,
  schoolDayFieldOf,
  schoolDayFormSchema,
  type SchoolDayFormValues,
} from "./school-day-form";

const spanish: Words = { t: translatorFor(setupI18n({ locale: "es", messages: { es: spanishApp as Messages } })), locale: "es" };
const english: Words = { t: translateInEnglish, locale: "en" };

describe("the school day's words", () => {
  it.each([
    [english, 3, 1, "3rd period"],
    [english, 2, 3, "2nd to 4th period"],
    [spanish, 3, 1, "3.º periodo"],
    [spanish, 2, 3, "del 2.º al 4.º periodo"],
  ] as const)("period labels (%#)", (words, period, span, label) => {
    expect(periodLabel(words, period, span)).toBe(label);
  });

  it("names a bell row by its period and class, Lunch in the reader's words", () => {
    const rows = bellRowsFor(["Álgebra", "Lunch", "Arte (Double Block)"], []);
    expect(rows.map((row) => bellLabel(row, english))).toEqual([
      "1st period · Álgebra",
      "2nd period · Lunch",
      "3rd period · Arte",
      "4th period · Arte",
    ]);
    expect(rows.map((row) => bellLabel(row, spanish))).toEqual([
      "1.º periodo · Álgebra",
      "2.º periodo · Almuerzo",
      "3.º periodo · Arte",
      "4.º periodo · Arte",
    ]);
  });

  it("stores a cycle's days the same in every language, and words them for the reader", () => {
    expect(rotationLabels("cycle", 3)).toEqual(["Day 1", "Day 2", "Day 3"]);
    expect(rotationLabels("cycle", 2).map((day) => rotationDayName(day, spanish.t))).toEqual(["Día 1", "Día 2"]);
    expect(rotationDayName("Day 2", english.t)).toBe("Day 2");
    expect(rotationDayName("A", spanish.t)).toBe("A");
  });

  it("words the fallback subjects for the reader and keeps their stored names", () => {
    expect(fallbackSubjects(spanish).slice(0, 4)).toEqual([
      { value: "Mathematics", label: "Matemáticas (1.º periodo)", periodLabel: "1.º periodo" },
      { value: "Science", label: "Ciencias (2.º periodo)", periodLabel: "2.º periodo" },
      { value: "History", label: "Historia (3.º periodo)", periodLabel: "3.º periodo" },
      { value: "English", label: "Inglés (4.º periodo)", periodLabel: "4.º periodo" },
    ]);
    expect(subjectOptions(["Arte (Triple Block)"], spanish)).toEqual([
      { value: "Arte", label: "Arte (del 1.º al 3.º periodo)", periodLabel: "del 1.º al 3.º periodo" },
    ]);
  });
});

describe("the School Day step's field messages", () => {
  const schedule = { schoolDays: ["monday" as const], bellTimes: [], rotation: null, daysOff: [] };
  /** The form's messages by field name, as its resolver (schema-resolver.ts) gives them. */
  async function fieldMessagesOf(state: SchoolDayFormState): Promise<Map<string, string>> {
    const values: SchoolDayFormValues = { ...state, quickFill: DEFAULT_QUICK_FILL };
    const { errors } = await schemaResolver<SchoolDayFormValues, typeof schoolDayFormSchema>(schoolDayFormSchema, schoolDayFieldOf)(
      values,
      undefined,
      { fields: {}, names: [], shouldUseNativeValidation: false },
    );
    const messages = new Map<string, string>();
    const walk = (node: unknown, path: string[]) => {
      if (typeof node !== "object" || node === null) return;
      if ("message" in node && typeof node.message === "string") messages.set(path.join("."), node.message);
      else for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    };
    walk(errors, []);
    return messages;
  }

  it("puts a bell time's message on its own period's field, though unset periods before it are not sent", async () => {
    const state = formFromSchedule(schedule, ["Álgebra", "Biología", "Química"]);
    state.bells[2] = { ...state.bells[2]!, start: "10:00", end: "09:00" };
    const messages = await fieldMessagesOf(state);
    expect([...messages.keys()]).toEqual(["bells.2.end"]);
    expect(inEnglish(messages.get("bells.2.end"))).toBe("Start must be before end");
  });

  it("keeps the schema's path for every other field", async () => {
    const state = formFromSchedule(schedule, []);
    state.schoolDays = [];
    state.daysOff = [{ from: "2026-12-24", to: "2026-12-20", label: "" }];
    const messages = await fieldMessagesOf(state);
    expect(Object.fromEntries([...messages].map(([name, message]) => [name, inEnglish(message)]))).toEqual({
      schoolDays: "Choose at least one school day",
      "daysOff.0.label": "Label is required",
      "daysOff.0.to": "To must be on or after from",
    });
  });

  it("puts the rotation's anchor on the form's own anchor fields, and a refusal of a period on its start", () => {
    const state = formFromSchedule(schedule, ["Álgebra", "Biología"]);
    state.bells[1] = { ...state.bells[1]!, start: "09:00", end: "09:50" };
    expect(schoolDayFieldOf(["rotation", "anchorDate"], state)).toBe("anchorDate");
    expect(schoolDayFieldOf(["rotation", "anchorDay"], state)).toBe("anchorDay");
    expect(schoolDayFieldOf(["bellTimes", 0, "period"], state)).toBe("bells.1.start");
  });

  it("hands over the request body, checked, when the form passes", async () => {
    const state = formFromSchedule(schedule, ["Álgebra"]);
    state.bells[0] = { ...state.bells[0]!, start: "08:00", end: "08:50" };
    state.daysOff = [{ from: "2026-12-24", to: "", label: " Winter break " }];
    const checked = await schoolDayFormSchema.safeParseAsync({ ...state, quickFill: DEFAULT_QUICK_FILL });
    expect(checked.data).toEqual({
      bellTimes: [{ period: 1, start: "08:00", end: "08:50" }],
      schoolDays: ["monday"],
      rotation: null,
      daysOff: [{ from: "2026-12-24", to: "2026-12-24", label: "Winter break" }],
    });
  });
});
