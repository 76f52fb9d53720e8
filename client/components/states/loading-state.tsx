import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

/** A section whose data is on its way: a spinner announced to screen readers with `label`. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn("flex justify-center py-6", className)}>
      <Spinner label={label} />
    </div>
  );
}
