import { useFormContext } from "react-hook-form";
import { DateField } from "@/components/form/date-field";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

type KitFieldProps = { name: string; label: string; value: string; onChange: (value: string) => void; className?: string };

type KitTextFieldProps = KitFieldProps & {
  /** The input's type ("time" for a bell time); text by default. */
  type?: string;
  /** The label for screen readers only: the row around the field says what it is (a bell row's period). */
  hideLabel?: boolean;
};

/** A text field through the form kit: its label, state and the schema's message for `name` (its path). */
export function KitTextField({ name, label, value, onChange, className, type, hideLabel = false }: KitTextFieldProps) {
  const { clearErrors } = useFormContext();
  return (
    <FormField
      name={name}
      render={() => (
        <FormItem className="gap-1">
          <FormLabel className={hideLabel ? "sr-only" : undefined}>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              className={className}
              value={value}
              onChange={(e) => {
                clearErrors(name);
                onChange(e.target.value);
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
export function KitDateField({ name, label, value, onChange, today }: KitFieldProps & { today: string }) {
  const { clearErrors } = useFormContext();
  return (
    <FormField
      name={name}
      render={() => (
        <DateField
          label={label}
          value={value}
          today={today}
          onChange={(v) => {
            clearErrors(name);
            onChange(v);
          }}
        />
      )}
    />
  );
}
