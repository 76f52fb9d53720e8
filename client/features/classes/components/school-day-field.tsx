import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

type SchoolDayFieldProps = {
  /** The form kit's name of the field, its path in the schema ("daysOff.0.from"): its message is kept there. */
  name: string;
  label: string;
  /** Labelled for screen readers only (a bell time, named by its row). */
  hiddenLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  type?: "time" | "date" | "text";
};

/** A time, date or text field of the School Day step, through the form kit: its label, state and message. */
export function SchoolDayField({ name, label, hiddenLabel = false, value, onChange, type = "text" }: SchoolDayFieldProps) {
  return (
    <FormField
      name={name}
      render={() => (
        <FormItem className="gap-1">
          <FormLabel className={cn("font-normal", hiddenLabel && "sr-only")}>{label}</FormLabel>
          <FormControl>
            <Input type={type} value={value} onChange={(event) => onChange(event.target.value)} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
