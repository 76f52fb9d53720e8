import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

type ErrorStateProps = {
  /** What could not be done, in the user's words: "Your tasks could not be loaded." */
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  size?: "sm" | "default";
  className?: string;
};

/** A section whose data failed to load: says so, and offers to try again. */
export function ErrorState({ message, onRetry, retryLabel = "Try again", size = "default", className }: ErrorStateProps) {
  return (
    <div className={cn("flex flex-col items-center gap-3 py-6 text-center", className)}>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" size={size} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
