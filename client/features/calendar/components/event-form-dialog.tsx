import { useEffect, useRef } from "react";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX, EVENT_TYPES } from "@core/schemas/event";
import { useCreateEvent } from "@/api/events/create-event";
import { useUpdateEvent } from "@/api/events/update-event";
import { DateField } from "@/components/form/date-field";
import { ReminderField } from "@/components/form/reminder-field";
import { FormDialog, FormDialogFooter, FormDialogHeader, useDialogForm } from "@/components/form/form-dialog";
import { SubjectField } from "@/components/form/subject-field";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
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
  const { form, submissionKeys } = useDialogForm(eventFormSchema, initial);
  const saving = create.isPending || update.isPending;
  const watchedTime = form.watch("time");
  const titleInput = useRef<HTMLInputElement | null>(null);

  // The title takes the focus 100 ms after opening (docs/product.md#calendar), once the dialog's opening has settled.
  useEffect(() => {
    const timer = setTimeout(() => titleInput.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, []);

  const onSubmit = useEventSubmit({ state, form, create, update, submissionKeys, userId, today, onClose });

  return (
    <Form {...form}>
      <FormDialogHeader
        title={isEdit ? "Edit Event" : "Add New Event"}
        description={
          edit === "single"
            ? "Changes apply to this date only."
            : edit === "future"
              ? "Changes apply to this date and every later one."
              : edit === "whole"
                ? "Changing the date updates the start date for the entire series."
                : isEdit
                  ? "Change the details of this event."
                  : "Add an event to your calendar."
        }
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                Event Title<span aria-hidden="true"> *</span>
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
              <FormLabel>Description (optional)</FormLabel>
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
                label="Event Date *"
                value={field.value}
                onChange={field.onChange}
                today={today}
                placeholder={edit === "whole" ? "Select new series start date" : "Pick a date"}
              />
            )}
          />
          <FormField
            control={form.control}
            name="time"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Event Time (optional)</FormLabel>
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
              <FormLabel id="event-type-label">Event Type</FormLabel>
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
                        form.setValue("title", EVENT_TYPE_LABELS[type], { shouldValidate: form.formState.isSubmitted });
                    }}
                  >
                    {EVENT_TYPE_LABELS[type]}
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
              label="Subject (optional)"
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
                    ? "Without a time: reminded at 7:00 PM the evening before."
                    : "Without a time: reminded at 7:00 AM that day."
                  : "Sent to your devices with notifications turned on."
              }
            />
          )}
        />
        <EventRecurrenceFields form={form} edit={edit} today={today} />
        <FormDialogFooter
          onCancel={onClose}
          busy={saving}
          saving={saving}
          submitText={isEdit ? "Update Event" : "Add Event"}
          pendingText={isEdit ? "Updating..." : "Adding..."}
        />
      </form>
    </Form>
  );
}
