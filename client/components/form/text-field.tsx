import { Eye, EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues, UseFormClearErrors } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";

/** `TTransformed`: what the form's schema makes of its values (a form whose output is its values leaves it out). */
type TextFieldProps<T extends FieldValues, TTransformed = T> = {
  control: Control<T, unknown, TTransformed>;
  clearErrors: UseFormClearErrors<T>;
  name: FieldPath<T>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  /** The on-screen keyboard a phone shows: "numeric" for a code of digits. */
  inputMode?: "text" | "numeric";
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
  /** For password fields: whether the text is visible, and the one toggle shared by the form. */
  revealed?: boolean;
  onToggleReveal?: () => void;
};

/**
 * Spec §2 "inputs are trimmed as typed". Trimming both ends on every keystroke would eat the space
 * of "Mary Ann" before the "A" is typed, so only an email (which can hold no space) is trimmed
 * whole as typed; other fields lose leading whitespace as typed and trailing whitespace on blur,
 * and the schemas trim again on submit (decision 013).
 */
function trimAsTyped(value: string, type: TextFieldProps<FieldValues>["type"]): string {
  return type === "email" ? value.trim() : value.trimStart();
}

/**
 * Trims both ends of the field (on blur and on Enter), on screen as well as in the form state. An
 * email input's `value` already leaves out the spaces around the address (the browser's value
 * sanitization), so React sees nothing to change and the typed or pasted spaces stayed visible:
 * the value is written back to the input, which redraws it without them (docs/product.md#form-behaviour).
 */
function trimEdges(input: HTMLInputElement, value: unknown, onChange: (value: string) => void) {
  const trimmed = input.value.trim();
  if (trimmed !== value) onChange(trimmed);
  if (input.type === "email") input.value = trimmed;
}

/**
 * A labelled input wired to react-hook-form: the value is trimmed as typed, and editing the
 * field clears its error (docs/product.md#form-behaviour). Only the first error per field is shown.
 */
export function TextField<T extends FieldValues, TTransformed = T>({
  control,
  clearErrors,
  name,
  label,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  description,
  disabled,
  revealed,
  onToggleReveal,
}: TextFieldProps<T, TTransformed>) {
  const t = useT();
  const isPassword = type === "password";
  const inputType = isPassword && revealed ? "text" : type;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            <FormControl>
              <Input
                {...field}
                value={(field.value as string | undefined) ?? ""}
                onChange={(event) => {
                  clearErrors(name);
                  field.onChange(trimAsTyped(event.target.value, type));
                }}
                onBlur={(event) => {
                  trimEdges(event.currentTarget, field.value, field.onChange);
                  field.onBlur();
                }}
                onKeyDown={(event) => {
                  // Enter submits the form without a blur: trim as the blur would, before the submit reads the values.
                  if (event.key === "Enter" && !event.nativeEvent.isComposing) trimEdges(event.currentTarget, field.value, field.onChange);
                }}
                type={inputType}
                autoComplete={autoComplete}
                inputMode={inputMode}
                placeholder={placeholder}
                disabled={disabled}
                spellCheck={isPassword || type === "email" ? false : undefined}
                autoCapitalize={isPassword || type === "email" ? "none" : undefined}
                className={onToggleReveal ? "pr-20" : undefined}
              />
            </FormControl>
            {onToggleReveal && (
              // One toggle shows or hides every password field of the form together (docs/product.md#form-behaviour).
              // A toggle button: its name "Show password" stays put and aria-pressed
              // says whether the passwords are shown. The name comes from its text, not aria-label,
              // so getByLabel("Password") still finds only the field.
              <button
                type="button"
                onClick={onToggleReveal}
                aria-pressed={revealed === true}
                className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-md px-3 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-foreground"
              >
                {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
                {t("common.show")}
                <span className="sr-only">{t("common.show_password_rest")}</span>
              </button>
            )}
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
