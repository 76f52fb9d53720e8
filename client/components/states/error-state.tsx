import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";

type ErrorStateProps = {
  /** What could not be done, in the user's words: "Your tasks could not be loaded." */
  message: string;
  onRetry: () => void;
  /** "Try again" when not given. */
  retryLabel?: string;
  size?: "sm" | "default";
  className?: string;
};

/** A section whose data failed to load: says so, and offers to try again. */
export function ErrorState({ message, onRetry, retryLabel, size = "default", className }: ErrorStateProps) {
  const t = useT();
  return (
    <div className={cn("flex flex-col items-center gap-3 py-6 text-center", className)}>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" size={size} onClick={onRetry}>
        {retryLabel ?? t("dashboard.try_again")}
      </Button>
    </div>
  );
}
