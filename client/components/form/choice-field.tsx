import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** `TTransformed`: what the form's schema makes of its values (a form whose output is its values leaves it out). */
type ChoiceFieldProps<T extends FieldValues, TTransformed = T> = {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** The menu button's width: the field's whole width unless a form says otherwise. */
  triggerClassName?: string;
};

/** A labelled choice of a few options (a menu) wired to react-hook-form, its error under it. */
export function ChoiceField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  label,
  options,
  placeholder,
  triggerClassName = "w-full",
}: ChoiceFieldProps<T, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className={triggerClassName}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
