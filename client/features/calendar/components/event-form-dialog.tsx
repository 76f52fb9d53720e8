import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import {
  type CalendarEvent,
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  EVENT_TYPES,
  RECURRING_KINDS,
  type RecurringKind,
  type UpdateEventData,
  updateEventSchema,
  WEEKDAY_NAMES,
} from "@core/schemas/event";
import { useCreateEvent } from "@/api/events/create-event";
import { type EventEditTarget, useUpdateEvent } from "@/api/events/update-event";
import { DateField } from "@/components/form/date-field";
import { SubjectField } from "@/components/form/subject-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { isSessionExpired } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { createSubmissionKeys } from "@/lib/idempotency";
import { saveEventDraft } from "../hooks/event-draft";
import { toastEventError, toastEventSuccess } from "../hooks/event-toasts";
import {
  daysForRecurrence,
  emptyEventForm,
  type EventFormValues,
  eventToFormValues,
  formToRequest,
  RECURRING_LABELS,
} from "./event-form-schema";

/** How an edit applies (docs/decisions/061): the event as a whole, one occurrence, or it and those after. */
export type EventEditKind = "plain" | "single" | "future" | "whole";

export type EventDialogState =
  | { mode: "create"; values?: EventFormValues }
  | { mode: "edit"; event: CalendarEvent; edit: EventEditKind; occurrenceDate: string; values?: EventFormValues };

const FIELDS: (keyof EventFormValues)[] = [
  "title",
  "description",
  "date",
  "time",
  "eventType",
  "subject",
  "recurring",
  "customDays",
  "customEndDate",
];
const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));

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
  const busy = create.isPending || update.isPending;
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-1rem)] sm:max-w-lg" onOpenAutoFocus={(event) => event.preventDefault()}>
        {state && (
          <EventForm
            key={state.mode === "edit" ? `${state.edit}-${state.event.id}-${state.occurrenceDate}` : "create"}
            state={state}
            onClose={onClose}
            create={create}
            update={update}
            {...rest}
          />
        )}
      </DialogContent>
    </Dialog>
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
  const [submissionKeys] = useState(createSubmissionKeys);
  const defaults =
    state.values ??
    (isEdit ? eventToFormValues(state.event, state.edit === "whole" ? state.event.date : state.occurrenceDate) : emptyEventForm(today));
  const form = useForm<EventFormValues>({
    resolver: zodResolver(updateEventSchema) as unknown as Resolver<EventFormValues>,
    defaultValues: edit === "single" ? { ...defaults, recurring: "none", customDays: [], customEndDate: "" } : defaults,
  });
  const saving = create.isPending || update.isPending;
  const titleInput = useRef<HTMLInputElement | null>(null);

  // The title takes the focus 100 ms after opening (docs/product.md#calendar), once the dialog's opening has settled.
  useEffect(() => {
    const timer = setTimeout(() => titleInput.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, []);

  const recurring = useWatch({ control: form.control, name: "recurring" });

  const target: EventEditTarget | null = !isEdit
    ? null
    : state.edit === "single"
      ? { eventId: state.event.id, scope: { kind: "SINGLE_INSTANCE", date: state.occurrenceDate } }
      : // From the first date shown, "this and future" is the whole series: the server replaces it in
        // place and drops what later edits split off or changed (docs/decisions/061).
        state.edit === "future" || state.edit === "whole"
        ? { eventId: state.event.id, scope: { kind: "FUTURE_SERIES", date: state.occurrenceDate } }
        : { eventId: state.event.id };

  /** `values`: what was submitted (a create has already reset and closed the form when its answer comes). */
  function handleError(
    error: unknown,
    fallback: "Failed to create event" | "Failed to update event" | "Failed to update event series",
    values: EventFormValues,
  ) {
    if (isSessionExpired(error)) saveEventDraft({ userId, state: { ...state, values } });
    applyServerFieldErrors(form.setError, error, FIELDS);
    toastEventError(error, fallback);
  }

  const onSubmit = form.handleSubmit((parsed) => {
    const input = formToRequest(parsed as unknown as UpdateEventData);
    const submitted = form.getValues();
    if (target) {
      const series = edit === "future" || edit === "whole";
      update.mutate(
        { target, input },
        {
          onSuccess: () => {
            toastEventSuccess(series ? "Event series updated successfully" : "Event updated successfully");
            onClose();
          },
          onError: (error) => handleError(error, series ? "Failed to update event series" : "Failed to update event", submitted),
        },
      );
      return;
    }
    // Optimistic: the event shows on the calendar at once, behind the dialog; on success the dialog
    // closes and the form resets, on failure the event is taken out again and the form stays.
    create.mutate(
      { input, idempotencyKey: submissionKeys.keyFor(input) },
      {
        onSuccess: () => {
          toastEventSuccess("Event created successfully");
          form.reset(emptyEventForm(today));
          onClose();
        },
        onError: (error) => handleError(error, "Failed to create event", submitted),
      },
    );
  });

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{isEdit ? "Edit Event" : "Add New Event"}</DialogTitle>
        <DialogDescription>
          {edit === "single"
            ? "Changes apply to this date only."
            : edit === "future"
              ? "Changes apply to this date and every later one."
              : edit === "whole"
                ? "Changing the date updates the start date for the entire series."
                : isEdit
                  ? "Change the details of this event."
                  : "Add an event to your calendar."}
        </DialogDescription>
      </DialogHeader>
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
          name="recurring"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Recurring</FormLabel>
              <Select
                value={field.value}
                disabled={edit === "single"}
                onValueChange={(value) => {
                  const kind = value as RecurringKind;
                  field.onChange(kind);
                  form.setValue("customDays", daysForRecurrence(kind, form.getValues("date")));
                  if (kind === "none") form.setValue("customEndDate", "");
                }}
              >
                <FormControl>
                  <SelectTrigger
                    onBlur={field.onBlur}
                    ref={field.ref}
                    aria-describedby={edit === "single" ? "recurring-disabled" : undefined}
                  >
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {RECURRING_KINDS.filter((k) => k !== "yearly" || field.value === "yearly").map((kind) => (
                    <SelectItem key={kind} value={kind}>
                      {RECURRING_LABELS[kind]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {edit === "single" && (
                <p id="recurring-disabled" className="text-sm text-muted-foreground">
                  Disabled for single event edits
                </p>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
        {recurring !== "none" && recurring !== "yearly" && (
          <FormField
            control={form.control}
            name="customDays"
            render={({ field }) => {
              const monthly = recurring === "monthly";
              const options = monthly ? MONTH_DAYS : [...WEEKDAY_NAMES];
              const toggle = (value: string, on: boolean) =>
                field.onChange(on ? options.filter((o) => o === value || field.value.includes(o)) : field.value.filter((v) => v !== value));
              return (
                <FormItem>
                  <FormLabel id="event-days-label">{monthly ? "Repeat on dates" : "Repeat on"}</FormLabel>
                  <div
                    role="group"
                    aria-labelledby="event-days-label"
                    className={cn("grid gap-1.5", monthly ? "grid-cols-7" : "grid-cols-4 sm:grid-cols-7")}
                  >
                    {options.map((value, i) => {
                      const label = monthly ? value : WEEKDAY_LABELS[i]!;
                      const checked = field.value.includes(value);
                      return (
                        <label
                          key={value}
                          className={cn(
                            "flex h-9 cursor-pointer items-center justify-center gap-1 rounded-md border text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                            checked && "border-primary bg-primary/10",
                          )}
                        >
                          <Checkbox
                            checked={checked}
                            onCheckedChange={(c) => toggle(value, c === true)}
                            aria-label={monthly ? `Day ${value}` : WEEKDAY_NAMES[i]!.replace(/^./, (c) => c.toUpperCase())}
                            className={monthly ? "sr-only" : undefined}
                          />
                          <span aria-hidden="true">{label}</span>
                        </label>
                      );
                    })}
                  </div>
                  <FormMessage />
                </FormItem>
              );
            }}
          />
        )}
        {recurring !== "none" && (
          <FormField
            control={form.control}
            name="customEndDate"
            render={({ field }) => (
              <div className="grid gap-1">
                <DateField
                  label="End on (optional)"
                  value={field.value}
                  onChange={field.onChange}
                  today={today}
                  placeholder="No end date"
                />
                {field.value && (
                  <Button variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => field.onChange("")}>
                    Clear end date
                  </Button>
                )}
              </div>
            )}
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton pending={saving} pendingText={isEdit ? "Updating..." : "Adding..."}>
            {isEdit ? "Update Event" : "Add Event"}
          </SubmitButton>
        </DialogFooter>
      </form>
    </Form>
  );
}
