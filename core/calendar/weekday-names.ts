/**
 * The weekday names an event's customDays hold, Sunday first. Kept apart from the zod schemas
 * (core/schemas/event.ts re-exports it) so that expanding events, which the Home tab does, does
 * not make the browser load zod (docs/decisions/065).
 */
export const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
