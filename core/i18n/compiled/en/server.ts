// Written by scripts/compile-messages.ts from locales/en/{server}.po (npm run messages): do not edit.
export const messages = JSON.parse("{}") as Readonly<Record<string, unknown>>;
