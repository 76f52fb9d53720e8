/**
 * One dated appearance of an event on the calendar: a plain event once, a series once per date it
 * occurs on (docs/product.md#calendar). What expandEvents answers and every calendar view draws.
 */
export interface Occurrence {
  /** `${eventId}-recurring-${date}` for an occurrence of a recurring event, String(eventId) otherwise. */
  id: string;
  eventId: number;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, or null for all day. */
  time: string | null;
  title: string;
  /** The event type (custom, study, exam, meeting, practice, early-dismissal, delay). */
  type: string;
  subject: string | null;
  isCompleted: boolean;
}
