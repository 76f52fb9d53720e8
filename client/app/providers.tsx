import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "@/lib/query-client";
import { useToastLibrary } from "@/lib/toast";

/** The one Toaster, mounted once the toast library has loaded (docs/decisions/065: not on the landing page). */
function ToastHost() {
  const sonner = useToastLibrary();
  if (!sonner) return null;
  // Spec §4/§9: one toast visible at a time.
  return <sonner.Toaster visibleToasts={1} position="top-center" richColors closeButton />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
