import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { fieldErrorsOf } from "@/lib/api/errors";

/**
 * Puts the server's per-field messages (`errors: { field: [msg] }` of the one error shape) under
 * the form's own fields, first message only. Fields the form does not have are ignored (their
 * message still reaches the user through the toast).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): void {
  const errors = fieldErrorsOf(error);
  for (const name of fields) {
    const first = errors[name]?.[0];
    if (first) setError(name, { type: "server", message: first });
  }
}
