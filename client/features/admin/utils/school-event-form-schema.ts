import { z } from "zod";
import type { SchoolEvent } from "@core/schemas/school";
import { schoolEventInputSchema } from "@core/schemas/school";
import { EVENT_FIELD_NAMES, type EventFieldValues, eventFieldValues } from "@/components/event-form/event-field-values";

/** The bell schedule select's value for "no alternate": Radix's select holds no empty value. */
export const USUAL_BELL_SCHEDULE = "usual";

/**
 * What staff's school event form holds: the fields every event form has (components/event-form),
 * and staff's own: the last day, the bell schedule the days follow, and whether to announce it.
 */
export type SchoolEventFormValues = EventFieldValues & {
  /** yyyy-MM-dd, or "" for a one-day event. */
  endDate: string;
  /** An alternate's id, or USUAL_BELL_SCHEDULE. */
  alternateId: string;
  notify: boolean;
};

/** The form's values for `event`, or for a new event on `today`. */
export function schoolEventFormValues(event: SchoolEvent | null, today: string): SchoolEventFormValues {
  return {
    ...eventFieldValues(event, event?.date ?? today),
    endDate: event?.endDate ?? "",
    alternateId: event?.alternateId ?? USUAL_BELL_SCHEDULE,
    notify: false,
  };
}

/** Where the server's refusals land: every field of the form. */
export const SCHOOL_EVENT_FIELDS: readonly (keyof SchoolEventFormValues)[] = [...EVENT_FIELD_NAMES, "endDate", "alternateId", "notify"];

/**
 * The form's schema: the API's own (schoolEventInputSchema), once the usual bell schedule is the
 * null the API takes, so that the form refuses what the server would, with the same words, before
 * anything is sent. Its output (trimmed, blanks as null, a one-day end as none) is the request body.
 */
export const schoolEventFormSchema = z
  .transform(({ alternateId, ...values }: SchoolEventFormValues): z.input<typeof schoolEventInputSchema> => ({
    ...values,
    alternateId: alternateId === USUAL_BELL_SCHEDULE ? null : alternateId,
  }))
  .pipe(schoolEventInputSchema);
