import { CalendarIcon } from "lucide-react";
import { useId, useState } from "react";
import { formatShortDate } from "@core/format";
import { ErrorState } from "@/components/states/error-state";
import { Button } from "@/components/ui/button";
import { FormControl, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useLocale } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";

/**
 * The month picker (react-day-picker, date-fns) is its own download (docs/decisions/065), started
 * when a date field first shows, so the forms open without waiting for it and a screen without a
 * date field never loads it.
 */
const datePicker = onDemand(() => import("@/components/ui/calendar"));

/** yyyy-MM-dd ↔ a local Date used only as a calendar-day carrier for the picker. */
function toPickerDate(date: string): Date | undefined {
  const [y, m, d] = date.split("-").map(Number);
  return y && m && d ? new Date(y, m - 1, d) : undefined;
}
function fromPickerDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

type DateFieldProps = {
  label: string;
  /** A calendar date, yyyy-MM-dd, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The school's today (yyyy-MM-dd): highlighted in the picker, and where it opens when empty. */
  today: string;
  placeholder?: string;
};

/**
 * Opens the picker on the selected day (else today) rather than on Radix's first button, "previous
 * month", where Enter moved a month back (issue 14). The day picker's own autoFocus cannot do it in
 * a dialog: it runs before the popover's focus scope exists, and the dialog's trap takes focus back.
 * While the picker is still downloading there is no day yet: its autoFocus takes over when it arrives.
 */
function focusSelectedDay(event: Event) {
  const content = event.currentTarget as HTMLElement;
  const day = content.querySelector<HTMLElement>('[data-selected="true"] button, [data-today="true"] button');
  if (!day) return;
  event.preventDefault();
  day.focus();
}

/**
 * A date picked from a calendar, held as a yyyy-MM-dd calendar date: no instant and no time zone
 * is involved, so the day chosen is the day stored. Use inside a react-hook-form FormField.
 */
export function DateField({ label, value, onChange, today, placeholder = "Pick a date" }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const selected = value ? toPickerDate(value) : undefined;
  const todayDate = toPickerDate(today);
  const picker = useOnDemand(datePicker, true);
  const locale = useLocale();
  return (
    <FormItem>
      <FormLabel id={labelId}>{label}</FormLabel>
      <Popover open={open} onOpenChange={setOpen}>
        <FormControl>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              className={cn("w-full justify-start font-normal", !value && "text-muted-foreground")}
              aria-labelledby={`${labelId} ${valueId}`}
            >
              <CalendarIcon aria-hidden="true" />
              <span id={valueId}>{value ? formatShortDate(value, locale) : placeholder}</span>
            </Button>
          </PopoverTrigger>
        </FormControl>
        <PopoverContent className="w-auto p-0" align="start" onOpenAutoFocus={focusSelectedDay}>
          {picker.module ? (
            <picker.module.Calendar
              mode="single"
              required
              selected={selected}
              defaultMonth={selected ?? todayDate}
              today={todayDate}
              onSelect={(date) => {
                if (date) onChange(fromPickerDate(date));
                setOpen(false);
              }}
              autoFocus
            />
          ) : (
            // About the picker's size, so the popover does not jump when it arrives.
            <div className="flex h-72 w-69 items-center justify-center p-3">
              {picker.failed ? (
                <ErrorState message="The calendar could not be loaded." onRetry={picker.retry} size="sm" />
              ) : (
                <Spinner label="Loading the calendar" />
              )}
            </div>
          )}
        </PopoverContent>
      </Popover>
      <FormMessage />
    </FormItem>
  );
}
