import { describe, expect, it } from "vitest";
import type { SchoolSchedule } from "@core/school-day";
import { schemaResolver } from "@/components/form/schema-resolver";
import { rotationDaysOf, scheduleFormSchema, scheduleFromValues, type ScheduleValues, valuesFromSchedule } from "./schedule-form";

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
    expect(scheduleFromValues(valuesFromSchedule(AB))).toEqual(AB);
  });

  it("without rotation days, publish no rotation and nothing per rotation day", () => {
    const values: ScheduleValues = { ...valuesFromSchedule(AB), rotation: { days: " , ", anchorDate: "", anchorDay: "" } };
    const document = scheduleFromValues(values);
    expect(document.rotation).toBeNull();
    expect(document).not.toHaveProperty("bellTimesByDay");
    expect(document.alternates?.[0]).not.toHaveProperty("bellTimesByDay");
  });

  it("take each rotation day once, blanks left out", () => {
    expect(rotationDaysOf(" A, B,,A ")).toEqual(["A", "B"]);
  });

  it("are checked by the API's schema on the document, each refusal at the field that holds it", async () => {
    const values = valuesFromSchedule(AB);
    values.bellTimesByDay!.B!.push({ period: 4, start: "08:00", end: "09:00" });
    values.rotation.anchorDay = "C";
    const { errors } = await schemaResolver<ScheduleValues, typeof scheduleFormSchema>(scheduleFormSchema)(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors.bellTimesByDay?.B?.[1]?.start?.message).toMatch(/overlap/);
    expect(errors.rotation?.anchorDay?.message).toMatch(/anchor/i);
  });
});
