import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type SubmitButtonProps = Omit<ButtonProps, "type" | "children"> & {
  /** While true the button is disabled and says `pendingText` ("Adding...", "Signing In..."). */
  pending: boolean;
  pendingText: string;
  children: ReactNode;
};

/** A form's submit button: one click per submission, with its pending text while the request runs. */
export function SubmitButton({ pending, pendingText, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? (
        <>
          <Spinner className="size-4 text-current" label={null} /> {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
