import { CalendarIcon } from "lucide-react";
import { useId, useState } from "react";
import { formatShortDate } from "@core/format";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { FormControl, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/cn";

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
 * A date picked from a calendar, held as a yyyy-MM-dd calendar date: no instant and no time zone
 * is involved, so the day chosen is the day stored. Use inside a react-hook-form FormField.
 */
export function DateField({ label, value, onChange, today, placeholder = "Pick a date" }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const selected = value ? toPickerDate(value) : undefined;
  const todayDate = toPickerDate(today);
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
              <span id={valueId}>{value ? formatShortDate(value) : placeholder}</span>
            </Button>
          </PopoverTrigger>
        </FormControl>
        <PopoverContent className="w-auto p-0" align="start">
          <Calendar
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
        </PopoverContent>
      </Popover>
      <FormMessage />
    </FormItem>
  );
}
