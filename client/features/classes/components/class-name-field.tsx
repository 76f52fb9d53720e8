import { type Ref } from "react";
import { CLASS_NAME_MAX } from "@core/schemas/classes";
import { LUNCH } from "@core/classes";
import { FormControl, FormField, FormItem, FormLabel, FormMessage, useFormField } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";

type ClassNameFieldProps = {
  /** The form kit's name of the field, its value's path: "rows.3.name". */
  name: string;
  label: string;
  /** A semester pair shows its two labels; a single name is labelled for screen readers only. */
  visibleLabel: boolean;
  /** After the field has set its value: the editor's rules on a typed name. */
  onChange: (value: string) => void;
  /** Enter in the field (Enter never saves half a schedule). */
  onEnter: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** The name is also elsewhere: marked invalid, and described by the form's message. */
  duplicate: boolean;
  formMessageId: string;
};

/** One class name of a period, through the form kit: its value, its label, its state, and its own message. */
export function ClassNameField(props: ClassNameFieldProps) {
  return (
    <FormField
      name={props.name}
      render={({ field }) => (
        <FormItem className="min-w-0 flex-1 gap-1">
          <FormLabel className={cn("text-xs text-muted-foreground", !props.visibleLabel && "sr-only")}>{props.label}</FormLabel>
          <ClassNameInput
            {...props}
            value={field.value as string}
            onBlur={field.onBlur}
            onChange={(value) => {
              field.onChange(value);
              props.onChange(value);
            }}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type ClassNameInputProps = ClassNameFieldProps & { value: string; onBlur: () => void };

function ClassNameInput({ value, onChange, onBlur, onEnter, inputRef, duplicate, formMessageId }: ClassNameInputProps) {
  const t = useT();
  const { error, formMessageId: fieldMessageId } = useFormField();
  const describedBy = [error ? fieldMessageId : null, duplicate ? formMessageId : null].filter(Boolean).join(" ") || undefined;
  // "Set as Lunch" stores the name Lunch (the encoding's, docs/decisions/020): read in the reader's words.
  const shown = value === LUNCH ? t("classes.lunch") : value;
  return (
    <FormControl aria-invalid={Boolean(error) || duplicate} aria-describedby={describedBy}>
      <Input
        ref={inputRef}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
          event.preventDefault();
          onEnter();
        }}
        value={shown}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={t("classes.class_name")}
        maxLength={CLASS_NAME_MAX}
        autoComplete="off"
        autoCapitalize="words"
        enterKeyHint="next"
        className="h-11 sm:h-10"
      />
    </FormControl>
  );
}
