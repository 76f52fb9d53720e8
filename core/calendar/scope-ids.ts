import { isCalendarDate } from "../dates";

/**
 * The ids that name one occurrence or a part of a series (docs/product.md#event):
 * - `${eventId}-recurring-${date}`: an occurrence of a recurring event, as the calendar shows it;
 * - `SINGLE_INSTANCE_${eventId}_${date}`: "This event only", for a PUT or DELETE;
 * - `FUTURE_SERIES_${eventId}_${date}`: "This and future events", for a PUT or DELETE.
 * Parsing is strict: anything else is not one of these ids (the server answers 404, as for any
 * unknown id).
 */

export type SeriesScope = "SINGLE_INSTANCE" | "FUTURE_SERIES";
export type ScopedId = { scope: SeriesScope; eventId: number; date: string };

const MAX_ID = 2 ** 31 - 1;
const SCOPED = /^(SINGLE_INSTANCE|FUTURE_SERIES)_([1-9]\d{0,9})_(\d{4}-\d{2}-\d{2})$/;
const OCCURRENCE = /^([1-9]\d{0,9})-recurring-(\d{4}-\d{2}-\d{2})$/;

export function occurrenceId(eventId: number, date: string): string {
  return `${eventId}-recurring-${date}`;
}

export function scopedId(scope: SeriesScope, eventId: number, date: string): string {
  return `${scope}_${eventId}_${date}`;
}

function validId(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= MAX_ID ? id : null;
}

/** `SINGLE_INSTANCE_12_2025-03-10` → { scope, eventId: 12, date }, else null. */
export function parseScopedId(value: string): ScopedId | null {
  const m = SCOPED.exec(value);
  if (!m) return null;
  const eventId = validId(m[2]!);
  const date = m[3]!;
  if (eventId === null || !isCalendarDate(date)) return null;
  return { scope: m[1] as SeriesScope, eventId, date };
}

/** `12-recurring-2025-03-10` → { eventId: 12, date }, else null. */
export function parseOccurrenceId(value: string): { eventId: number; date: string } | null {
  const m = OCCURRENCE.exec(value);
  if (!m) return null;
  const eventId = validId(m[1]!);
  const date = m[2]!;
  if (eventId === null || !isCalendarDate(date)) return null;
  return { eventId, date };
}
