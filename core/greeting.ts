/**
 * The Home tab greeting (docs/product.md#greeting): the time of day in the school's time zone rather than
 * the browser's.
 */
import { zonedParts } from "./dates";

export type TimeOfDay = "morning" | "afternoon" | "evening";

/** Morning before 12:00, afternoon before 17:00, otherwise evening. */
export function timeOfDay(now: Date, timeZone: string): TimeOfDay {
  const { hour } = zonedParts(now, timeZone);
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

/** "Good morning", or "Good morning, Ana" when a first name is known. */
export function greeting(now: Date, timeZone: string, firstName?: string | null): string {
  const base = `Good ${timeOfDay(now, timeZone)}`;
  const name = firstName?.trim();
  return name ? `${base}, ${name}` : base;
}
