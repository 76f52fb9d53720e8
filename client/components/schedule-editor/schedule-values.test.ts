import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { fallbackSubjects, periodLabel, subjectOptions, type Words } from "@core/classes";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { translatorFor } from "@core/i18n/translate";
import { rotationDayName, type SchoolSchedule } from "@core/school-day";
import { inEnglish, translateInEnglish } from "@core/test/in-english";
import { schemaResolver } from "@/components/form/schema-resolver";
import { type ScheduleEditorSchema, scheduleEditorSchema, scheduleFieldOf } from "./schedule-form-schema";
import {
  alternateIdFor,
  bellLabel,
  bellRowsFor,
  type ScheduleEditorOptions,
  type ScheduleEditorValues,
  forDays,
  hasDays,
  rotationDaysOf,
  rotationLabels,
  scheduleFromValues,
  valuesFromSchedule,
} from "./schedule-values";

const spanish: Words = { t: translatorFor(setupI18n({ locale: "es", messages: { es: spanishApp as Messages } })), locale: "es" };
const english: Words = { t: translateInEnglish, locale: "en" };

const STUDENT = (classes: readonly string[]): ScheduleEditorOptions => ({ classes, rotationInput: "chosen", unsetDayMeets: "no-period" });
const STAFF: ScheduleEditorOptions = { rotationInput: "typed", unsetDayMeets: "every-period" };

/** The form's messages by field name, as its resolver (schema-resolver.ts) gives them. */
async function fieldMessagesOf(values: ScheduleEditorValues, schema: ScheduleEditorSchema): Promise<Map<string, string>> {
  const { errors } = await schemaResolver<ScheduleEditorValues, ScheduleEditorSchema>(schema, scheduleFieldOf)(values, undefined, {
    fields: {},
    names: [],
    shouldUseNativeValidation: false,
  });
  const messages = new Map<string, string>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== "object" || node === null) return;
    if ("message" in node && typeof node.message === "string") messages.set(path.join("."), node.message);
    else for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(errors, []);
  return messages;
}

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

describe("the student's School Day step's field messages", () => {
  const schedule: SchoolSchedule = { schoolDays: ["monday"], bellTimes: [], rotation: null, daysOff: [] };
  const schema = scheduleEditorSchema(STUDENT([]));

  it("puts a bell time's message on its own period's field, though unset periods before it are not sent", async () => {
    const values = valuesFromSchedule(schedule, STUDENT(["Álgebra", "Biología", "Química"]));
    values.bellTimes[2] = { ...values.bellTimes[2]!, start: "10:00", end: "09:00" };
    const messages = await fieldMessagesOf(values, schema);
    expect([...messages.keys()]).toEqual(["bellTimes.2.end"]);
    expect(inEnglish(messages.get("bellTimes.2.end"))).toBe("Start must be before end");
  });

  it("keeps the schema's path for every other field", async () => {
    const values = valuesFromSchedule(schedule, STUDENT([]));
    values.schoolDays = [];
    values.daysOff = [{ from: "2026-12-24", to: "2026-12-20", label: "" }];
    const messages = await fieldMessagesOf(values, schema);
    expect(Object.fromEntries([...messages].map(([name, message]) => [name, inEnglish(message)]))).toEqual({
      schoolDays: "Choose at least one school day",
      "daysOff.0.label": "Label is required",
      "daysOff.0.to": "To must be on or after from",
    });
  });

  it("keeps the rotation's anchor at its own path, and puts a refusal of a period on its start", () => {
    const values = valuesFromSchedule(schedule, STUDENT(["Álgebra", "Biología"]));
    values.bellTimes[1] = { ...values.bellTimes[1]!, start: "09:00", end: "09:50" };
    expect(scheduleFieldOf(["rotation", "anchorDate"], values)).toBe("rotation.anchorDate");
    expect(scheduleFieldOf(["rotation", "anchorDay"], values)).toBe("rotation.anchorDay");
    expect(scheduleFieldOf(["bellTimes", 0, "period"], values)).toBe("bellTimes.1.start");
  });

  it("hands over the request body, checked, when the form passes", async () => {
    const values = valuesFromSchedule(schedule, STUDENT(["Álgebra"]));
    values.bellTimes[0] = { ...values.bellTimes[0]!, start: "08:00", end: "08:50" };
    values.daysOff = [{ from: "2026-12-24", to: "", label: " Winter break " }];
    const checked = await schema.safeParseAsync(values);
    expect(checked.data).toEqual({
      bellTimes: [{ period: 1, start: "08:00", end: "08:50" }],
      schoolDays: ["monday"],
      rotation: null,
      daysOff: [{ from: "2026-12-24", to: "2026-12-24", label: "Winter break" }],
    });
  });

  it("reads A/B days and a cycle as chosen, the anchor's day the first until one is chosen, and a day not set meeting no period", () => {
    const ab = valuesFromSchedule({ ...schedule, rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "" } }, STUDENT([]));
    expect(ab.rotation).toMatchObject({ kind: "ab", cycleLength: 6 });
    ab.periodsByDay = { B: [3, 1] };
    expect(scheduleFromValues(ab, STUDENT([])).rotation).toEqual({
      days: ["A", "B"],
      anchorDate: "2026-12-07",
      anchorDay: "A",
      periodsByDay: { A: [], B: [1, 3] },
    });
    const cycle = valuesFromSchedule({ ...schedule, rotation: { days: ["X", "Y", "Z"], anchorDate: "", anchorDay: "Y" } }, STUDENT([]));
    expect(cycle.rotation).toMatchObject({ kind: "cycle", cycleLength: 3 });
    expect(scheduleFromValues(cycle, STUDENT([])).rotation).toMatchObject({ days: ["Day 1", "Day 2", "Day 3"], anchorDay: "Day 1" });
  });
});

const AB: SchoolSchedule = {
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  bellTimes: [
    { period: 1, start: "07:45", end: "09:15" },
    { period: 2, start: "09:25", end: "10:55" },
  ],
  bellTimesByDay: { A: [{ period: 1, start: "07:40", end: "09:15" }], B: [{ period: 3, start: "07:45", end: "09:15" }] },
  rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { A: [1], B: [3] } },
  alternates: [{ id: "delay", name: "2-Hour Delay", bellTimes: [{ period: 1, start: "09:45", end: "11:15" }] }],
  daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Winter break" }],
};

describe("staff's schedule editor's values", () => {
  it("read a published document and give it back as it was", () => {
    expect(scheduleFromValues(valuesFromSchedule(AB, STAFF), STAFF)).toEqual(AB);
  });

  it("without rotation days, publish no rotation and nothing per rotation day", () => {
    const values = valuesFromSchedule(AB, STAFF);
    values.rotation = { ...values.rotation, days: " , ", anchorDate: "", anchorDay: "" };
    const document = scheduleFromValues(values, STAFF);
    expect(document.rotation).toBeNull();
    expect(document).not.toHaveProperty("bellTimesByDay");
    expect(document.alternates?.[0]).not.toHaveProperty("bellTimesByDay");
  });

  it("take each rotation day once, blanks left out; a day not set meets every period", () => {
    expect(rotationDaysOf(" A, B,,A ")).toEqual(["A", "B"]);
    const values = valuesFromSchedule(AB, STAFF);
    values.rotation.days = "A, B, C";
    expect(scheduleFromValues(values, STAFF).rotation?.periodsByDay).toEqual({ A: [1], B: [3], C: [1, 2, 3] });
  });

  it("are checked by the API's schema on the document, each refusal at the field that holds it", async () => {
    const values = valuesFromSchedule(AB, STAFF);
    values.bellTimesByDay!.B!.push({ period: 4, start: "08:00", end: "09:00" });
    values.rotation.anchorDay = "C";
    const { errors } = await schemaResolver<ScheduleEditorValues, ScheduleEditorSchema>(scheduleEditorSchema(STAFF), scheduleFieldOf)(
      values,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(errors.bellTimesByDay?.B?.[1]?.start?.message).toMatch(/overlap/);
    expect(errors.rotation?.anchorDay?.message).toMatch(/anchor/i);
  });
});

describe("the school's schedule document, as staff edit it", () => {
  it("names an alternate from its name, unique among the others", () => {
    expect(alternateIdFor("2-Hour Delay", [])).toBe("2-hour-delay");
    expect(alternateIdFor("2-Hour Delay", ["2-hour-delay", "2-hour-delay-2"])).toBe("2-hour-delay-3");
    expect(alternateIdFor("¡Salida temprana!", [])).toBe("salida-temprana");
    expect(alternateIdFor("!!!", [])).toBe("alternate");
    expect(alternateIdFor("A very long name for an assembly schedule", [])).toHaveLength(24);
  });

  it("gives each rotation day its part, the unset ones the fallback, and none without a rotation", () => {
    expect(forDays(["A", "B"], { A: 1 }, 0)).toEqual({ A: 1, B: 0 });
    expect(forDays([], { A: 1 }, 0)).toBeUndefined();
    expect(forDays(["A"], null, 0)).toBeUndefined();
    expect(hasDays({})).toBe(false);
    expect(hasDays(undefined)).toBe(false);
    expect(hasDays({ A: 1 })).toBe(true);
  });
});
