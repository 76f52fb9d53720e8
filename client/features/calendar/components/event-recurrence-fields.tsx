import { useWatch, type UseFormReturn } from "react-hook-form";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import { ordinal, weekdayLabel, weekdayShortLabel } from "@core/format";
import { RECURRING_KINDS, type RecurringKind, type UpdateEventData } from "@core/schemas/event";
import { DateField } from "@/components/form/date-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import type { EventEditKind } from "../types/event-dialog";
import {
  dateOptionForRecurrence,
  daysForRecurrence,
  type EventFormValues,
  type MonthlyDateOption,
  RECURRING_LABELS,
} from "../utils/event-form-schema";

const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));

type EventRecurrenceFieldsProps = {
  form: UseFormReturn<EventFormValues, unknown, UpdateEventData>;
  /** A single-occurrence edit cannot change the series' recurrence. */
  edit: EventEditKind | null;
  today: string;
};

/** The event dialog's Recurring choice, its days (weekdays, or dates 1-28) and its end date (docs/product.md#calendar). */
export function EventRecurrenceFields({ form, edit, today }: EventRecurrenceFieldsProps) {
  const recurring = useWatch({ control: form.control, name: "recurring" });
  const dateOption = useWatch({ control: form.control, name: "customWhenToRepeat" });
  const startDate = useWatch({ control: form.control, name: "date" });
  const startDay = Number(startDate?.slice(8, 10));
  return (
    <>
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
                const days = daysForRecurrence(kind, form.getValues("date"));
                form.setValue("customDays", days);
                form.setValue("customWhenToRepeat", dateOptionForRecurrence(kind, days));
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
      {recurring === "monthly" && (
        <FormField
          control={form.control}
          name="customWhenToRepeat"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Date option</FormLabel>
              <Select
                value={field.value}
                onValueChange={(value) => {
                  const option = value as MonthlyDateOption;
                  field.onChange(option);
                  // The same date each month takes no days; specific dates start from the start's day.
                  if (option === "same-date") form.setValue("customDays", []);
                  else if (form.getValues("customDays").length === 0)
                    form.setValue("customDays", daysForRecurrence("monthly", form.getValues("date")));
                }}
              >
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue placeholder="Choose a date option" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value="same-date">
                    {Number.isInteger(startDay) && startDay >= 1
                      ? `On the same date each month (the ${ordinal(startDay)})`
                      : "On the same date each month"}
                  </SelectItem>
                  <SelectItem value="specific-dates">On specific dates</SelectItem>
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      {recurring !== "none" && recurring !== "yearly" && !(recurring === "monthly" && dateOption === "same-date") && (
        <FormField
          control={form.control}
          name="customDays"
          render={({ field }) => {
            const monthly = recurring === "monthly";
            const options: readonly string[] = monthly ? MONTH_DAYS : WEEKDAY_NAMES;
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
                    const checked = field.value.includes(value);
                    const onToggle = (on: boolean) => {
                      toggle(value, on);
                      // Picking a date is choosing specific dates.
                      if (monthly && on && form.getValues("customWhenToRepeat") === "")
                        form.setValue("customWhenToRepeat", "specific-dates");
                    };
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
                          onCheckedChange={(c) => onToggle(c === true)}
                          aria-label={monthly ? `Day ${value}` : weekdayLabel(i)}
                          className={monthly ? "sr-only" : undefined}
                        />
                        <span aria-hidden="true">{monthly ? value : weekdayShortLabel(i)}</span>
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
              <DateField label="End on (optional)" value={field.value} onChange={field.onChange} today={today} placeholder="No end date" />
              {field.value && (
                <Button variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => field.onChange("")}>
                  Clear end date
                </Button>
              )}
            </div>
          )}
        />
      )}
    </>
  );
}
