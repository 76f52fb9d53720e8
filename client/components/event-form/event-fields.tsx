import type { ReactNode, RefCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { EventType } from "@core/schemas/event";
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX } from "@core/schemas/event";
import { DateField } from "@/components/form/date-field";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { EventFieldValues } from "./event-field-values";
import { EventTypeField, type EventTypePicker } from "./event-type-field";

// The one event form (issue 50): the fields a student's calendar event and a school event share,
// drawn once for the calendar's dialog (features/calendar) and staff's school events
// (features/admin), which import it from here since neither may import the other. Each form keeps
// its own useSchemaForm, schema and save, and adds its own fields around these.

/** The shared fields' labels: each form words them its own way ("Event Title" in the calendar, "Title" for staff). */
export type EventFieldLabels = { title: string; description: string; date: string; time: string; type: string };

type EventFieldsProps<TValues extends EventFieldValues, TOutput> = {
  /** The form's useSchemaForm: its values hold the shared fields (EventFieldValues) and its own. */
  form: UseFormReturn<TValues, unknown, TOutput>;
  labels: EventFieldLabels;
  /** The school's today: where the date picker opens when the date is empty. */
  today: string;
  typePicker: EventTypePicker;
  /** After the type changed, what the form does with it besides (the calendar names a delay, staff pick its bell schedule). */
  onTypeChange?: (type: EventType) => void;
  /** The calendar marks its required title with an asterisk (its date's label says so in its words). */
  markRequired?: boolean;
  /** The date button's text while no date is picked. */
  datePlaceholder?: string;
  /** The title's input, for a form that moves the focus there itself. */
  titleRef?: RefCallback<HTMLInputElement>;
  /** A field of the form's own shown beside the date (staff's end date), before the time. */
  besideDate?: ReactNode;
};

/**
 * Title, description, date, time and type. On a phone they follow one another; from `sm` the date,
 * `besideDate`, the time and a type menu sit two to a row, a type's buttons on a row of their own.
 */
export function EventFields<TValues extends EventFieldValues, TOutput>({
  form,
  labels,
  today,
  typePicker,
  onTypeChange,
  markRequired = false,
  datePlaceholder,
  titleRef,
  besideDate,
}: EventFieldsProps<TValues, TOutput>) {
  // The shared fields are a part of each form's values: seen here as that part only.
  const { control } = form as unknown as UseFormReturn<EventFieldValues>;
  const type = <EventTypeField control={control} label={labels.type} picker={typePicker} onChange={onTypeChange} />;
  return (
    <>
      <FormField
        control={control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              {labels.title}
              {markRequired && <span aria-hidden="true"> *</span>}
            </FormLabel>
            <FormControl>
              <Input
                {...field}
                ref={(element) => {
                  field.ref(element);
                  titleRef?.(element);
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
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{labels.description}</FormLabel>
            <FormControl>
              <Textarea {...field} maxLength={EVENT_DESCRIPTION_MAX} rows={2} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name="date"
          render={({ field }) => (
            <DateField label={labels.date} value={field.value} onChange={field.onChange} today={today} placeholder={datePlaceholder} />
          )}
        />
        {besideDate}
        <FormField
          control={control}
          name="time"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{labels.time}</FormLabel>
              <FormControl>
                <Input type="time" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {typePicker === "menu" && type}
      </div>
      {typePicker === "buttons" && type}
    </>
  );
}
