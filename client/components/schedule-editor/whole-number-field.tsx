import { useEffect, useLayoutEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { messageRef } from "@core/i18n/translate";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

type WholeNumberFieldProps = {
  /**
   * The form's name of the field, its value's path: the last whole number in range that was
   * typed, what the form works with. Its own message is kept there too.
   */
  name: string;
  label: string;
  min: number;
  max: number;
  /** After the field has set a new value. */
  onChange?: (value: number) => void;
  /** Told whether the text on screen is a whole number in range, so the form can refuse to go on. */
  onValidityChange: (valid: boolean) => void;
  /**
   * Goes up each time the form is sent: the field is checked then as on leaving it (Enter sends the
   * form without the field losing the focus).
   */
  checkRequest: number;
};

/** "Enter a whole number from 1 to 240.", as a message reference (decision 108). */
export function wholeNumberMessage(min: number, max: number): string {
  return messageRef("classes.whole_number", { min, max });
}

function parseWholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/**
 * A number input that may hold anything while it is typed in, an empty field included: clearing
 * "50" to type "45" no longer snaps to the minimum on the way (issue 32). Each whole number in range
 * is handed on as typed (so the arrow keys and the spinner still move the value at once); anything
 * else leaves the form's value as it was and, once the field is left, says what it takes.
 */
export function WholeNumberField(props: WholeNumberFieldProps) {
  return (
    <FormField
      name={props.name}
      render={({ field, fieldState }) => (
        <WholeNumberItem
          {...props}
          value={field.value as number}
          setValue={(n) => {
            field.onChange(n);
            props.onChange?.(n);
          }}
          onBlur={field.onBlur}
          shownMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

type WholeNumberItemProps = WholeNumberFieldProps & {
  value: number;
  setValue: (value: number) => void;
  onBlur: () => void;
  /** The message the form shows for the field just now. */
  shownMessage: string | undefined;
};

function WholeNumberItem(props: WholeNumberItemProps) {
  const { name, label, value, min, max, setValue, onBlur, onValidityChange, checkRequest, shownMessage } = props;
  const [text, setText] = useState(String(value));
  const [checked, setChecked] = useState(false);
  const parsed = parseWholeNumber(text, min, max);
  const valid = parsed !== null;
  const error = !valid && checked ? wholeNumberMessage(min, max) : null;
  // The field's own message, in the form's state. The form's schema never names this field, and
  // checking the whole form replaces the messages it holds: the field's own is put back (before paint).
  const { setError, clearErrors } = useFormContext();
  useLayoutEffect(() => {
    if (error && shownMessage !== error) setError(name, { type: "custom", message: error });
    else if (!error && shownMessage) clearErrors(name);
  }, [error, shownMessage, name, setError, clearErrors]);

  const [seenCheckRequest, setSeenCheckRequest] = useState(checkRequest);
  if (checkRequest !== seenCheckRequest) {
    setSeenCheckRequest(checkRequest);
    setChecked(true);
  }

  // A value set from outside (a reset, a draft) replaces what is shown, unless it is what is shown.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (parsed !== value) setText(String(value));
  }

  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);
  // A field that goes away (another timetable chosen) holds nothing back.
  useEffect(() => () => onValidityChange(true), [onValidityChange]);

  return (
    <FormItem className="gap-1">
      <FormLabel className="font-normal">{label}</FormLabel>
      <FormControl>
        <Input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          className="tabular-nums"
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            // While typing, the last complaint goes away; it comes back on leaving if still true.
            setChecked(false);
            const n = parseWholeNumber(next, min, max);
            if (n !== null) {
              setShownValue(n);
              setValue(n);
            }
          }}
          onBlur={() => {
            setChecked(true);
            onBlur();
          }}
        />
      </FormControl>
      <FormMessage />
    </FormItem>
  );
}
