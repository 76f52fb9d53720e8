import type { CalendarEvent } from "@core/schemas/event";
import type { EventFormValues } from "../utils/event-form-schema";

/** How an edit applies (docs/decisions/061): the event as a whole, one occurrence, or it and those after. */
export type EventEditKind = "plain" | "single" | "future" | "whole";

/** Which event dialog is open; `values` restores a kept draft. */
export type EventDialogState =
  | { mode: "create"; values?: EventFormValues }
  | { mode: "edit"; event: CalendarEvent; edit: EventEditKind; occurrenceDate: string; values?: EventFormValues };
