import { useState } from "react";
import type { SchoolSchedule } from "@core/school-day";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { scheduleEditorSchema, scheduleFieldOf } from "./schedule-form-schema";
import { type ScheduleEditorOptions, type ScheduleEditorValues, valuesFromSchedule } from "./schedule-values";

type ScheduleEditorFormOptions = ScheduleEditorOptions & {
  /** Every change checks the whole form again (the student's step, from its first refused save on: use-schema-form.ts). */
  recheckWhole?: boolean;
};

/**
 * The one editor's form (decision 128): the schedule document's values from `schedule`, checked by
 * the API's schema on the document they would send, each refusal under its field. Messages are
 * not focused: both callers say what is wrong in their own frame. Without `recheckWhole` (staff),
 * they are checked again at the next submit.
 */
export function useScheduleEditorForm(schedule: SchoolSchedule, { recheckWhole, ...options }: ScheduleEditorFormOptions) {
  const [defaults] = useState<ScheduleEditorValues>(() => valuesFromSchedule(schedule, options));
  const [schema] = useState(() => scheduleEditorSchema(options));
  const { form } = useSchemaForm(schema, defaults, {
    fieldOf: scheduleFieldOf,
    shouldFocusError: false,
    ...(recheckWhole === undefined ? { reValidateMode: "onSubmit" as const } : { recheckWhole }),
  });
  return { form, schema, defaults };
}
