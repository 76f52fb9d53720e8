import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";

type WholeNumberFieldProps = {
  id: string;
  label: string;
  /** The last whole number in range that was typed: what the form works with. */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Told whether the text on screen is a whole number in range, so the form can refuse to go on. */
  onValidityChange: (valid: boolean) => void;
  /**
   * Goes up each time the form is sent: the field is checked then as on leaving it (Enter sends the
   * form without the field losing the focus).
   */
  checkRequest: number;
};

/** "Enter a whole number from 1 to 240." */
export function wholeNumberMessage(min: number, max: number): string {
  return `Enter a whole number from ${min} to ${max}.`;
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
export function WholeNumberField({ id, label, value, min, max, onChange, onValidityChange, checkRequest }: WholeNumberFieldProps) {
  const [text, setText] = useState(String(value));
  const [checked, setChecked] = useState(false);
  const parsed = parseWholeNumber(text, min, max);
  const valid = parsed !== null;
  const errorId = `${id}-error`;
  const error = !valid && checked ? wholeNumberMessage(min, max) : null;

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
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="tabular-nums"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          // While typing, the last complaint goes away; it comes back on leaving if still true.
          setChecked(false);
          const n = parseWholeNumber(next, min, max);
          if (n !== null) {
            setShownValue(n);
            onChange(n);
          }
        }}
        onBlur={() => setChecked(true)}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
