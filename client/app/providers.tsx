import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "@/lib/query-client";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useThemeChoice } from "@/lib/theme";
import { useToastLibrary } from "@/lib/toast";

/** The one Toaster, mounted once the toast library has loaded (docs/decisions/065: not on the landing page). */
function ToastHost() {
  const sonner = useToastLibrary();
  // On a phone a toast at the top covered the sticky top bar and its menu button for seconds
  // after every save (issue 14): there they rise from the bottom instead.
  const phone = useMediaQuery("(max-width: 767px)");
  const theme = useThemeChoice();
  if (!sonner) return null;
  // Spec §4/§9: one toast visible at a time.
  // Above the phone's bottom tab bar and its floating add button.
  const aboveBar = { bottom: "calc(9rem + env(safe-area-inset-bottom))" };
  return (
    <sonner.Toaster
      visibleToasts={1}
      position={phone ? "bottom-center" : "top-center"}
      offset={phone ? aboveBar : undefined}
      mobileOffset={aboveBar}
      theme={theme}
      richColors
      closeButton
    />
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
