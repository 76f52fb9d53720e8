import type { UseFormReturn } from "react-hook-form";
import type { UpdateEventData } from "@core/schemas/event";
import type { useCreateEvent } from "@/api/events/create-event";
import { newTemporaryId } from "@/api/tasks/create-task";
import type { EventEditTarget, useUpdateEvent } from "@/api/events/update-event";
import type { createSubmissionKeys } from "@/lib/idempotency";
import { EVENT_FIELD_NAMES } from "@/components/event-form/event-field-values";
import { reportFailedSave } from "@/lib/save-feedback";
import type { EventDialogState } from "../types/event-dialog";
import { emptyEventForm, type EventFormValues, formToRequest } from "../utils/event-form-schema";
import { saveEventDraft } from "./event-draft";
import { type EventFailure, toastEventError, toastEventSuccess } from "./event-toasts";

const FIELDS: (keyof EventFormValues)[] = [
  ...EVENT_FIELD_NAMES,
  "subject",
  "recurring",
  "customDays",
  "customWhenToRepeat",
  "customEndDate",
];

type EventSubmitOptions = {
  state: EventDialogState;
  form: UseFormReturn<EventFormValues, unknown, UpdateEventData>;
  create: ReturnType<typeof useCreateEvent>;
  update: ReturnType<typeof useUpdateEvent>;
  submissionKeys: ReturnType<typeof createSubmissionKeys>;
  userId: number;
  today: string;
  onClose: () => void;
};

/** Where an edit goes: the event, one occurrence, or the series from a date (docs/decisions/061). */
function editTarget(state: EventDialogState): EventEditTarget | null {
  if (state.mode !== "edit") return null;
  if (state.edit === "single") return { eventId: state.event.id, scope: { kind: "SINGLE_INSTANCE", date: state.occurrenceDate } };
  // From the first date shown, "this and future" is the whole series: the server replaces it in
  // place and drops what later edits split off or changed (docs/decisions/061).
  if (state.edit === "future" || state.edit === "whole") {
    return { eventId: state.event.id, scope: { kind: "FUTURE_SERIES", date: state.occurrenceDate } };
  }
  return { eventId: state.event.id };
}

/**
 * The event dialog's submit handler: a create (optimistic, with the submission's Idempotency-Key)
 * or an edit of the target the dialog was opened for, with the success toast, and on failure the
 * kept draft, the field errors and the failure toast.
 */
export function useEventSubmit({ state, form, create, update, submissionKeys, userId, today, onClose }: EventSubmitOptions) {
  const target = editTarget(state);
  const series = state.mode === "edit" && (state.edit === "future" || state.edit === "whole");

  /** `values`: what was submitted (a create has already reset and closed the form when its answer comes). */
  function handleError(error: unknown, fallback: EventFailure, values: EventFormValues) {
    reportFailedSave(error, {
      setError: form.setError,
      fields: FIELDS,
      keepDraft: () => saveEventDraft({ userId, state: { ...state, values } }),
      toast: () => toastEventError(error, fallback),
    });
  }

  return form.handleSubmit((parsed) => {
    const input = formToRequest(parsed);
    const submitted = form.getValues();
    if (target) {
      update.mutate(
        { target, input },
        {
          onSuccess: () => {
            toastEventSuccess(series ? "calendar.series_updated" : "calendar.event_updated");
            onClose();
          },
          onError: (error) => handleError(error, series ? "calendar.series_update_failed" : "calendar.update_failed", submitted),
        },
      );
      return;
    }
    // Optimistic: the event shows on the calendar at once, behind the dialog; on success the dialog
    // closes and the form resets, on failure the event is taken out again and the form stays.
    create.mutate(
      { input, idempotencyKey: submissionKeys.keyFor(input), temporaryId: newTemporaryId() },
      {
        onSuccess: () => {
          toastEventSuccess("calendar.event_created");
          form.reset(emptyEventForm(today));
          onClose();
        },
        onError: (error) => handleError(error, "calendar.create_failed", submitted),
      },
    );
  });
}
