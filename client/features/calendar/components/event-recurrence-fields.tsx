import { useWatch, type UseFormReturn } from "react-hook-form";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import { weekdayLabel, weekdayShortLabel } from "@core/format";
import { RECURRING_KINDS, type RecurringKind, type UpdateEventData } from "@core/schemas/event";
import { DateField } from "@/components/form/date-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";
import type { EventEditKind } from "../types/event-dialog";
import {
  dateOptionForRecurrence,
  daysForRecurrence,
  type EventFormValues,
  type MonthlyDateOption,
  RECURRING_LABELS,
} from "../utils/event-form-schema";

const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));

/** A weekday's name as a checkbox's label: "Lunes", "Lun" (Spanish names are lower case in running text). */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <FormField
        control={form.control}
        name="recurring"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("calendar.recurring")}</FormLabel>
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
                    {t(RECURRING_LABELS[kind])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {edit === "single" && (
              <p id="recurring-disabled" className="text-sm text-muted-foreground">
                {t("calendar.recurring_disabled")}
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
              <FormLabel>{t("calendar.date_option")}</FormLabel>
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
                    <SelectValue placeholder={t("calendar.choose_date_option")} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value="same-date">
                    {Number.isInteger(startDay) && startDay >= 1
                      ? t("calendar.same_date_each_month_day", { day: startDay })
                      : t("calendar.same_date_each_month")}
                  </SelectItem>
                  <SelectItem value="specific-dates">{t("calendar.specific_dates")}</SelectItem>
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
                <FormLabel id="event-days-label">{t(monthly ? "calendar.repeat_on_dates" : "calendar.repeat_on")}</FormLabel>
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
                          aria-label={monthly ? t("calendar.day_number", { day: value }) : capitalized(weekdayLabel(i, locale))}
                          className={monthly ? "sr-only" : undefined}
                        />
                        <span aria-hidden="true">{monthly ? value : capitalized(weekdayShortLabel(i, locale))}</span>
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
                label={t("calendar.end_on")}
                value={field.value}
                onChange={field.onChange}
                today={today}
                placeholder={t("calendar.no_end_date")}
              />
              {field.value && (
                <Button variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => field.onChange("")}>
                  {t("calendar.clear_end_date")}
                </Button>
              )}
            </div>
          )}
        />
      )}
    </>
  );
}
