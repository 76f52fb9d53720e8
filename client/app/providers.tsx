import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { queryClient } from "@/lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        {children}
        {/* Spec §4/§9: one toast visible at a time. */}
        <Toaster visibleToasts={1} position="top-center" richColors closeButton />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
