/**
 * Where the month grid's keys move the focus (docs/product.md#calendar), apart from the DOM so it
 * is tested as plain data: arrows by day and week, Home/End to the week's start and end, with Ctrl
 * to the month's, Page Up/Down to the same day of the previous/next month.
 */
import { addDaysToDate, weekdayOfDate } from "@core/dates";
import { dayOfMonth, lastDateOfMonth, sameDayInMonth, shiftMonth } from "./month-grid-dates";

/** The parts of a key press that decide the target (a React or DOM keyboard event has them). */
export type GridKey = { key: string; ctrlKey: boolean };

/**
 * The date the focus goes to. `turnMonth` is set for Page Up/Down, which always turn the month; an
 * arrow, Home or End turns it only when the date is outside the weeks the grid shows.
 */
export type KeyTarget = { date: string; turnMonth?: -1 | 1 };

/** Where `key`, pressed on the day `date` of the grid showing `month` ("yyyy-MM"), sends the focus; null for other keys. */
export function keyTarget({ key, ctrlKey }: GridKey, date: string, month: string): KeyTarget | null {
  switch (key) {
    case "ArrowLeft":
      return { date: addDaysToDate(date, -1) };
    case "ArrowRight":
      return { date: addDaysToDate(date, 1) };
    case "ArrowUp":
      return { date: addDaysToDate(date, -7) };
    case "ArrowDown":
      return { date: addDaysToDate(date, 7) };
    case "Home":
      return { date: ctrlKey ? `${month}-01` : addDaysToDate(date, -weekdayOfDate(date)) };
    case "End":
      return { date: ctrlKey ? lastDateOfMonth(month) : addDaysToDate(date, 6 - weekdayOfDate(date)) };
    case "PageUp":
    case "PageDown": {
      const turnMonth = key === "PageUp" ? -1 : 1;
      return { date: sameDayInMonth(dayOfMonth(date), shiftMonth(month, turnMonth)), turnMonth };
    }
    default:
      return null;
  }
}
