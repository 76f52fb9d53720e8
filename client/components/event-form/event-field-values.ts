import type { EventType } from "@core/schemas/event";

/**
 * What the fields every event form has hold (docs/product.md#calendar, #school-day): plain
 * strings, "" for empty, as the inputs keep them. A form's values add its own fields to these: the
 * calendar's subject, reminder and recurrence, staff's end date, bell schedule and announcement.
 */
export type EventFieldValues = {
  title: string;
  description: string;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, or "" for all day. */
  time: string;
  eventType: EventType;
};

/** The shared fields' names: where the server's refusals of them land (lib/form-errors.ts). */
export const EVENT_FIELD_NAMES = [
  "title",
  "description",
  "date",
  "time",
  "eventType",
] as const satisfies readonly (keyof EventFieldValues)[];

/** The event the fields hold as the API answers it, or a new one on `date`: nulls as "". */
type StoredEvent = { title: string; description: string | null; time: string | null; eventType: string };

/** The shared fields of `event` on `date` (an occurrence's, or the event's own), or of a new event on `date`. */
export function eventFieldValues(event: StoredEvent | null, date: string): EventFieldValues {
  return {
    title: event?.title ?? "",
    description: event?.description ?? "",
    date,
    time: event?.time ?? "",
    eventType: (event?.eventType as EventType | undefined) ?? "custom",
  };
}
