import { z } from "zod";
import { schoolScheduleSchema } from "@core/schemas/school-schedule";
import { type ScheduleEditorOptions, type ScheduleEditorValues, scheduleFromValues } from "./schedule-values";

/**
 * The editor's form schema: the document built from the values (scheduleFromValues), checked by
 * the API's own schema; its output is what is sent. Its refusals name the document's paths:
 * scheduleFieldOf finds their fields.
 */
export function scheduleEditorSchema(options: Pick<ScheduleEditorOptions, "unsetDayMeets">) {
  return z
    .custom<ScheduleEditorValues>()
    .transform((values) => scheduleFromValues(values, options))
    .pipe(schoolScheduleSchema);
}

export type ScheduleEditorSchema = ReturnType<typeof scheduleEditorSchema>;

/**
 * The form's field of a refusal of scheduleEditorSchema: the document's path, except the usual bell
 * times, which the document lists without a class's unset rows (their field is found by period's
 * row, a period's own message going to its start: the period is no field of its own).
 */
export function scheduleFieldOf(path: readonly PropertyKey[], values: ScheduleEditorValues): string {
  const [root, position, field] = path;
  if (root === "bellTimes" && typeof position === "number") {
    const sent = values.bellTimes.flatMap((b, index) => (b.name === undefined || b.start || b.end ? [index] : []));
    if (sent[position] !== undefined) return `bellTimes.${sent[position]}.${field === "end" ? "end" : "start"}`;
  }
  return path.map(String).join(".");
}
