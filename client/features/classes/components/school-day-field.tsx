import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

type SchoolDayFieldProps = {
  /** The form's name of the field, its value's path ("daysOff.0.from"): its message is kept there too. */
  name: string;
  label: string;
  /** Labelled for screen readers only (a bell time, named by its row). */
  hiddenLabel?: boolean;
  type?: "time" | "date" | "text";
};

/** A time, date or text field of the School Day step, through the form kit: its value, label, state and message. */
export function SchoolDayField({ name, label, hiddenLabel = false, type = "text" }: SchoolDayFieldProps) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className={cn("font-normal", hiddenLabel && "sr-only")}>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              value={field.value as string}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
