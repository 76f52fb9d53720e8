import { LOCALE_NAMES, LOCALES, type Locale } from "@core/i18n/locale";
import { cn } from "@/lib/cn";
import { activateLocale, rememberLocale, useLocale, useT } from "@/lib/i18n";

type LanguageRadiosProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * English or Español, each named in its own language (and marked so, for screen readers' voices):
 * native radios, so arrow keys move between them, styled as the theme picker's segments.
 */
export function LanguageRadios({ value, onChange, disabled, className }: LanguageRadiosProps) {
  const t = useT();
  return (
    <fieldset className={cn("grid gap-2", className)} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t("common.language")}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {LOCALES.map((locale) => (
          <label
            key={locale}
            lang={locale}
            className="flex h-10 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-muted-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name="language"
              value={locale}
              checked={value === locale}
              onChange={() => onChange(locale)}
              className="sr-only"
            />
            {LOCALE_NAMES[locale]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A visitor's language (the auth screen): kept on this device; an account's own choice is in Settings. */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  return (
    <LanguageRadios
      className={className}
      value={locale}
      onChange={(chosen) => {
        rememberLocale(chosen);
        activateLocale(chosen).catch(() => {
          // Its catalog could not be downloaded: the next start tries again, from the cookie.
        });
      }}
    />
  );
}
