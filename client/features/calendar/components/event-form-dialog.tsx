import { useEffect, useRef } from "react";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX, EVENT_TYPES } from "@core/schemas/event";
import { useCreateEvent } from "@/api/events/create-event";
import { useWhenQueued } from "@/hooks/use-when-queued";
import { useUpdateEvent } from "@/api/events/update-event";
import { DateField } from "@/components/form/date-field";
import { ReminderField } from "@/components/form/reminder-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { FormDialog, FormDialogFooter, FormDialogHeader, useSubmissionKeys } from "@/components/form/form-dialog";
import { SubjectField } from "@/components/form/subject-field";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useLocale, useT } from "@/lib/i18n";
import { clockHour, formatTime12 } from "@core/format";
import { useEventSubmit } from "../hooks/use-event-submit";
import type { EventDialogState } from "../types/event-dialog";
import { emptyEventForm, eventFormSchema, type EventFormValues, eventToFormValues } from "../utils/event-form-schema";
import { EventRecurrenceFields } from "./event-recurrence-fields";

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
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                {t("calendar.event_title")}
                <span aria-hidden="true"> *</span>
              </FormLabel>
              <FormControl>
                <Input
                  {...field}
                  ref={(element) => {
                    field.ref(element);
                    titleInput.current = element;
                  }}
                  maxLength={EVENT_TITLE_MAX}
                  aria-required="true"
                  autoComplete="off"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("calendar.description_optional")}</FormLabel>
              <FormControl>
                <Textarea {...field} maxLength={EVENT_DESCRIPTION_MAX} rows={2} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="date"
            render={({ field }) => (
              <DateField
                label={t("calendar.event_date")}
                value={field.value}
                onChange={field.onChange}
                today={today}
                placeholder={t(edit === "whole" ? "calendar.series_start_placeholder" : "calendar.pick_date")}
              />
            )}
          />
          <FormField
            control={form.control}
            name="time"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("calendar.event_time")}</FormLabel>
                <FormControl>
                  <Input type="time" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="eventType"
          render={({ field }) => (
            <FormItem>
              <FormLabel id="event-type-label">{t("calendar.event_type")}</FormLabel>
              <div role="group" aria-labelledby="event-type-label" className="flex flex-wrap gap-2">
                {EVENT_TYPES.map((type) => (
                  <Button
                    key={type}
                    size="sm"
                    variant={field.value === type ? "default" : "outline"}
                    aria-pressed={field.value === type}
                    className="h-9"
                    onClick={() => {
                      field.onChange(type);
                      // These two kinds are named by what they are (docs/product.md#calendar).
                      if (type === "early-dismissal" || type === "delay")
                        form.setValue("title", t(EVENT_TYPE_LABELS[type]), { shouldValidate: form.formState.isSubmitted });
                    }}
                  >
                    {t(EVENT_TYPE_LABELS[type])}
                  </Button>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
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
