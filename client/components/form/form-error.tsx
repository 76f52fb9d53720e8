import { AlertCircle } from "lucide-react";

/**
 * A form's own error box: what went wrong with the whole form rather than one field (a refused
 * sign-in, a registration limit), announced once as an alert and kept in view until the form is
 * edited or sent again.
 */
export function FormError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
