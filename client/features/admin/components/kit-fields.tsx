import { useFormContext } from "react-hook-form";
import { DateField } from "@/components/form/date-field";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

type KitFieldProps = {
  /** The field's path in the form's values, which is its path in the schema: where its message is kept. */
  name: string;
  label: string;
  className?: string;
  /** Told of each change the field makes, after the form has it (a day off's end following its start). */
  onValueChange?: (value: string) => void;
};

type KitTextFieldProps = KitFieldProps & {
  /** The input's type ("time" for a bell time); text by default. */
  type?: string;
  /** The label for screen readers only: the row around the field says what it is (a bell row's period). */
  hideLabel?: boolean;
};

/** A text field of the form: its label, state and the schema's message; a change clears the message until the next check. */
export function KitTextField({ name, label, className, type, hideLabel = false, onValueChange }: KitTextFieldProps) {
  const { control, clearErrors } = useFormContext();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className={hideLabel ? "sr-only" : undefined}>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              className={className}
              name={field.name}
              ref={field.ref}
              value={field.value as string}
              onBlur={field.onBlur}
              onChange={(e) => {
                clearErrors(name);
                field.onChange(e.target.value);
                onValueChange?.(e.target.value);
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The app's own date picker (components/form/date-field), as the task and event forms have it. */
export function KitDateField({ name, label, today, onValueChange }: KitFieldProps & { today: string }) {
  const { control, clearErrors } = useFormContext();
  return (
    <FormField
      control={control}
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
