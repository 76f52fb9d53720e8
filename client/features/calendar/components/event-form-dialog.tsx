import { useEffect, useRef } from "react";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { useCreateEvent } from "@/api/events/create-event";
import { useWhenQueued } from "@/hooks/use-when-queued";
import { useUpdateEvent } from "@/api/events/update-event";
import { EventFields } from "@/components/event-form/event-fields";
import { ReminderField } from "@/components/form/reminder-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { EventPlanFields } from "./event-plan-fields";
import { FormDialog, FormDialogFooter, FormDialogHeader, useSubmissionKeys } from "@/components/form/form-dialog";
import { SubjectField } from "@/components/form/subject-field";
import { Form, FormField } from "@/components/ui/form";
import { useLocale, useT } from "@/lib/i18n";
import { clockHour, formatTime12 } from "@core/format";
import { useEventSubmit } from "../hooks/use-event-submit";
import type { EventDialogState } from "../types/event-dialog";
import { emptyEventForm, eventFormSchema, type EventFormValues, eventToFormValues } from "../utils/event-form-schema";
import { EventRecurrenceFields } from "./event-recurrence-fields";
import { AddGradeLink } from "@/components/add-grade-link";

export type EventFormDialogProps = {
  state: EventDialogState | null;
  onClose: () => void;
  userId: number;
  userClasses: readonly string[];
  /** The school's today: the default date of a new event. */
  today: string;
};

/** "Add New Event" and "Edit Event" (docs/product.md#calendar). While a save is on its way the dialog stays open. */
export function EventFormDialog({ state, onClose, ...rest }: EventFormDialogProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  return (
    <FormDialog
      formKey={state?.mode === "edit" ? `${state.edit}-${state.event.id}-${state.occurrenceDate}` : "create"}
      busy={create.isPending || update.isPending}
      onClose={onClose}
      className="max-h-[calc(var(--page-height)-1rem)] sm:max-w-lg"
      onOpenAutoFocus={(event) => event.preventDefault()}
    >
      {state && <EventForm state={state} onClose={onClose} create={create} update={update} {...rest} />}
    </FormDialog>
  );
}

type EventFormProps = Omit<EventFormDialogProps, "state"> & {
  state: EventDialogState;
  create: ReturnType<typeof useCreateEvent>;
  update: ReturnType<typeof useUpdateEvent>;
};

function EventForm({ state, onClose, create, update, userId, userClasses, today }: EventFormProps) {
  const isEdit = state.mode === "edit";
  const edit = isEdit ? state.edit : null;
  const defaults =
    state.values ??
    (isEdit ? eventToFormValues(state.event, state.edit === "whole" ? state.event.date : state.occurrenceDate) : emptyEventForm(today));
  // A single-occurrence edit changes that date only: the occurrence does not recur.
  // (A draft kept before reminders existed has no reminder: none.)
  const withReminder: EventFormValues = { ...defaults, reminder: defaults.reminder ?? "none" };
  const initial: EventFormValues =
    edit === "single" ? { ...withReminder, recurring: "none", customDays: [], customWhenToRepeat: "", customEndDate: "" } : withReminder;
  const submissionKeys = useSubmissionKeys();
  const { form } = useSchemaForm(eventFormSchema, initial);
  const saving = create.isPending || update.isPending;
  useWhenQueued(create, () => {
    form.reset(emptyEventForm(today));
    onClose();
  });
  useWhenQueued(update, onClose);
  const watchedTime = form.watch("time");
  const titleInput = useRef<HTMLInputElement | null>(null);
  const t = useT();
  const locale = useLocale();

  // The title takes the focus 100 ms after opening (docs/product.md#calendar), once the dialog's
  // opening has settled; not from a field the student is already in by then (typing there went
  // on in the title, seen in the browser suite).
  useEffect(() => {
    const timer = setTimeout(() => {
      const title = titleInput.current;
      const dialog = title?.closest('[role="dialog"]');
      const active = document.activeElement;
      if (!title || (dialog && active && active !== dialog && dialog.contains(active))) return;
      title.focus();
    }, 100);
    return () => clearTimeout(timer);
  }, []);

  const onSubmit = useEventSubmit({ state, form, create, update, submissionKeys, userId, today, onClose });

  return (
    <Form {...form}>
      <FormDialogHeader
        title={t(isEdit ? "calendar.edit_event" : "calendar.add_new_event")}
        description={t(
          edit === "single"
            ? "calendar.edit_single_text"
            : edit === "future"
              ? "calendar.edit_future_text"
              : edit === "whole"
                ? "calendar.edit_whole_text"
                : isEdit
                  ? "calendar.edit_text"
                  : "calendar.add_text",
        )}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EventFields
          form={form}
          labels={{
            title: t("calendar.event_title"),
            description: t("calendar.description_optional"),
            date: t("calendar.event_date"),
            time: t("calendar.event_time"),
            type: t("calendar.event_type"),
          }}
          today={today}
          typePicker="buttons"
          onTypeChange={(type) => {
            // These two kinds are named by what they are (docs/product.md#calendar).
            if (type === "early-dismissal" || type === "delay")
              form.setValue("title", t(EVENT_TYPE_LABELS[type]), { shouldValidate: form.formState.isSubmitted });
          }}
          markRequired
          datePlaceholder={t(edit === "whole" ? "calendar.series_start_placeholder" : "calendar.pick_date")}
          titleRef={(element) => {
            titleInput.current = element;
          }}
        />
        <EventPlanFields form={form} />
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <SubjectField
              label={t("calendar.subject_optional")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              userClasses={userClasses}
            />
          )}
        />
        <FormField
          control={form.control}
          name="reminder"
          render={({ field }) => (
            <ReminderField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              hint={
                field.value !== "none" && !watchedTime
                  ? field.value === "1-day"
                    ? t("calendar.reminder_hint_evening", { time: formatTime12("19:00", locale), hour: clockHour("19:00") })
                    : t("calendar.reminder_hint_morning", { time: formatTime12("07:00", locale), hour: clockHour("07:00") })
                  : t("calendar.reminder_hint")
              }
            />
          )}
        />
        <EventRecurrenceFields form={form} edit={edit} today={today} />
        {isEdit && state.event.eventType === "exam" && (
          <AddGradeLink
            title={state.event.title}
            subject={state.event.subject}
            date={state.occurrenceDate ?? state.event.date}
            userClasses={userClasses}
          />
        )}
        <FormDialogFooter
          onCancel={onClose}
          busy={saving}
          saving={saving}
          submitText={t(isEdit ? "calendar.update_event" : "calendar.add_event")}
          pendingText={t(isEdit ? "calendar.updating" : "common.adding")}
        />
      </form>
    </Form>
  );
}
