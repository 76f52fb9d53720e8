import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";

type SpinnerProps = {
  className?: string;
  /** Text announced to screen readers ("Loading" when not given); null for a purely decorative spinner (e.g. inside a button). */
  label?: string | null;
};

export function Spinner({ className, label }: SpinnerProps) {
  const t = useT();
  const icon = <Loader2 aria-hidden="true" className={cn("size-6 animate-spin text-primary", className)} />;
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label ?? t("common.loading")}</span>
    </span>
  );
}
