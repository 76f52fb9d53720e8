import { useFormContext } from "react-hook-form";
import { DateField } from "@/components/form/date-field";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

type ScheduleFieldProps = {
  /** The form's name of the field, its value's path ("daysOff.0.from"): its message is kept there too. */
  name: string;
  label: string;
  /** Labelled for screen readers only: the row around it says what it is (a bell time, named by its period). */
  hiddenLabel?: boolean;
  type?: "time" | "date" | "text";
  className?: string;
  /** Told of each change, after the form has it (a day off's end following its start). */
  onValueChange?: (value: string) => void;
};

/**
 * A time, date or text field of the schedule editor, through the form kit: its value, label, state
 * and message. A change clears its message: staff's form checks again at the next Publish, and the
 * student's step, once refused, checks the whole form again after each change.
 */
export function ScheduleField({ name, label, hiddenLabel = false, type = "text", className, onValueChange }: ScheduleFieldProps) {
  const { clearErrors } = useFormContext();
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className={cn("font-normal", hiddenLabel && "sr-only")}>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              className={className}
              name={field.name}
              ref={field.ref}
              value={field.value as string}
              onChange={(event) => {
                clearErrors(name);
                field.onChange(event.target.value);
                onValueChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type ScheduleDateFieldProps = Omit<ScheduleFieldProps, "type" | "hiddenLabel"> & {
  /** The school's today: given, the date is picked from the app's date picker (staff's page); else typed (the student's step). */
  today?: string;
};

/** A date of the schedule: the app's own date picker (components/form/date-field) as the event forms have it, or the browser's date field. */
export function ScheduleDateField({ today, ...props }: ScheduleDateFieldProps) {
  const { clearErrors } = useFormContext();
  if (today === undefined) return <ScheduleField {...props} type="date" />;
  const { name, label, onValueChange } = props;
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <DateField
          label={label}
          value={field.value as string}
          today={today}
          onChange={(value) => {
            clearErrors(name);
            field.onChange(value);
            onValueChange?.(value);
          }}
        />
      )}
    />
  );
}
