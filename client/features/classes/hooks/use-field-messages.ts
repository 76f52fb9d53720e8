import { useLayoutEffect, useRef } from "react";
import { type FieldValues, useForm, type UseFormReturn } from "react-hook-form";

/**
 * The form kit (components/ui/form.tsx) shows a field's label, state and message from a
 * react-hook-form instance. The class editor and the School Day step keep their own state (rows
 * with rules of their own, a schedule checked whole by its schema), so they hand their messages to
 * one here: `messages` maps a field's name (its path, "rows.3.name") to a message reference or
 * words, which FormMessage words in the app's language. Messages a field sets itself (a number
 * field's own) are left alone.
 */
export function useFieldMessages(messages: ReadonlyMap<string, string>): UseFormReturn<FieldValues> {
  const form = useForm({ shouldFocusError: false });
  const { setError, clearErrors } = form;
  const shown = useRef<readonly string[]>([]);
  // Before paint: a field never shows as valid for a frame after its message came.
  useLayoutEffect(() => {
    for (const name of shown.current) if (!messages.has(name)) clearErrors(name);
    for (const [name, message] of messages) setError(name, { type: "custom", message });
    shown.current = [...messages.keys()];
  }, [messages, setError, clearErrors]);
  return form;
}
