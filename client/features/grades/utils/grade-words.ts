import type { Locale } from "@core/i18n/locale";

/** A percentage or a score as the reader writes numbers: 91.39 in English, 91,39 in Spanish; at most two decimals. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** "an A", "an F", "a B": whether English writes "an" before the letter. */
export const takesAn = (letter: string) => (/^[AF]/.test(letter) ? "yes" : "no");
