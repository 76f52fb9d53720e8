import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  text?: string;
  /** A way forward, e.g. "Add Your First Task". */
  action?: ReactNode;
  className?: string;
};

/** A section with nothing to show yet: an icon, a title, a line of text and maybe an action. */
export function EmptyState({ icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center gap-1 py-6 text-center", className)}>
      <span className="mb-1 text-muted-foreground/60 [&_svg]:size-9" aria-hidden="true">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      {text && <p className="text-sm text-muted-foreground">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
