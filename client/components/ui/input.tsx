import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 sm:text-sm file:border-0 file:bg-transparent file:text-sm file:font-medium",
        // Block for the date and time types: as flex, Chrome lays out their fields and picker
        // button across half the box (issue 14).
        /^(time|date|datetime-local|month|week)$/.test(type) && "block",
        className,
      )}
      {...props}
    />
  );
}
