import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { queryClient } from "@/lib/query-client";
import { useMediaQuery } from "@/hooks/use-media-query";
import { DEFAULT_LOCALE } from "@core/i18n/locale";
import { loadWords, useLocale, useT } from "@/lib/i18n";
import { useThemeChoice } from "@/lib/theme";
import { useToastLibrary } from "@/lib/toast";

/**
 * The one Toaster, mounted once the toast library has loaded (docs/decisions/065: not on the landing
 * page). Toasts rise from the bottom, above the phone's tab bar where there is one (`--bottom-bar`,
 * styles.css), in the corner on a desktop, and the page makes room for them (lib/toast-room.ts,
 * decision 099): a toast never covers a control.
 */
function ToastHost() {
  const sonner = useToastLibrary();
  const phone = useMediaQuery("(max-width: 767px)");
  const theme = useThemeChoice();
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => (sonner && host.current ? sonner.keepRoomForToasts(host.current) : undefined), [sonner]);
  const locale = useLocale();
  // The toasts' region is named with the signed-in screens' words ("Notifications", "Notificaciones").
  // Before those are there (sign-in) sonner's own English name would do for English; a reader of
  // another language gets the Toaster once they have downloaded, which replays the toasts shown
  // meanwhile (or at once, should the download fail).
  const regionName = t("settings.notifications");
  const named = regionName !== "settings.notifications";
  const [wordsFailed, setWordsFailed] = useState(false);
  const waitForWords = !named && locale !== DEFAULT_LOCALE && !wordsFailed;
  useEffect(() => {
    if (sonner && waitForWords) loadWords("app").catch(() => setWordsFailed(true));
  }, [sonner, waitForWords]);
  const offset = phone
    ? { bottom: "calc(var(--bottom-bar, 0px) + 0.5rem + env(safe-area-inset-bottom))", left: "0.5rem", right: "0.5rem" }
    : { bottom: "1rem", right: "1rem" };
  return (
    // The host is there from the start, the Toaster once the library has loaded (decision 102). A
    // modal dialog hides everything outside it from screen readers but the live regions there when
    // it opens (Radix's aria-hidden keeps `[aria-live]`): a Toaster mounted later inside a hidden
    // page would go unheard, e.g. over "Complete Your Setup", which opens with the dashboard. So
    // the host is a live region, "off": it says nothing itself; the Toaster's region is polite.
    <div ref={host} aria-live="off">
      {/* Spec §4/§9: one toast visible at a time. */}
      {sonner && !waitForWords && (
        <sonner.Toaster
          visibleToasts={1}
          position={phone ? "bottom-center" : "bottom-right"}
          offset={offset}
          mobileOffset={offset}
          theme={theme}
          richColors
          closeButton
          toastOptions={{ closeButtonAriaLabel: t("common.close_toast") }}
          containerAriaLabel={named ? regionName : undefined}
        />
      )}
    </div>
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
