import { useEffect } from "react";
import type { User } from "@core/api-types";
import { activateLocale, activeLocale, rememberAccountLocale } from "@/lib/i18n";

/**
 * The signed-in account's language wins over the device's (decision 108): chosen in Settings on any
 * device, it applies here as soon as the account is known, and this device starts in it next time.
 */
export function useAccountLocale(user: User | null | undefined): void {
  const locale = user?.locale;
  useEffect(() => {
    if (!locale) return;
    rememberAccountLocale(locale);
    if (locale !== activeLocale()) {
      activateLocale(locale).catch(() => {
        // Its catalog could not be downloaded (offline): the app stays in the language it shows.
      });
    }
  }, [locale]);
}
