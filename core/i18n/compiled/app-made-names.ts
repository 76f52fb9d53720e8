// Written by scripts/compile-messages.ts from locales/*/*.po (npm run messages): do not edit.
import type { PlainMessageId } from "../translate";

/** Each name the app makes, in every language, to its message id (core/school-day.ts, alternateName). */
export const APP_MADE_NAMES: Readonly<Record<string, PlainMessageId>> = {"2 hours later":"admin.two_hours_later","2 horas más tarde":"admin.two_hours_later"};
