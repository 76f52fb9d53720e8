import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { PointerEventsCheckLevel, type UserEvent } from "@testing-library/user-event";
import { addDaysToDate } from "@core/dates";

/**
 * Shared by the Tasks and Home component tests (moved from e2e/tasks.spec.ts, home.spec.ts,
 * quick-add.spec.ts, focus-return.spec.ts): one frozen school clock, so a task "due tomorrow" is a
 * fixed date, and the few ways a person reads the task screens.
 */

/** Monday, November 30, 2026, 10:00 AM at the school (New York). */
export const MONDAY_10_AM = "2026-11-30T10:00:00-05:00";
export const TODAY = "2026-11-30";

/** The school's date `days` from MONDAY_10_AM's. */
export const schoolDate = (days = 0) => addDaysToDate(TODAY, days);

/**
 * A user-event instance that skips the pointer-events check: the check reads every ancestor's
 * computed style on each click, seconds per dialog in jsdom, and jsdom has no stylesheet to read it
 * from (the browser suite clicks through real CSS).
 */
export const quickUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

/** A promise and the function that settles it: an answer the test holds back until it says so. */
export function held(): { wait: Promise<void>; release: () => void } {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

/** Picks `option` of a Radix select (a combobox) as a keyboard user does: jsdom has no pointer capture for a click. */
export async function choose(user: UserEvent, combobox: HTMLElement, option: string): Promise<void> {
  combobox.focus();
  await user.keyboard("{Enter}");
  await user.click(await screen.findByRole("option", { name: option }));
}

/** The option names of the open select's list. */
export const optionNames = () =>
  within(screen.getByRole("listbox"))
    .getAllByRole("option")
    .map((option) => option.textContent);

/**
 * The visible toast with this title and text (the Toaster shows one at a time). Found by the
 * Toaster's label rather than its role: a role query over the whole page computes every element's
 * styles, seconds a poll in jsdom.
 */
export function findToast(title: string, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const region = screen.getByLabelText(/^(Notifications|Notificaciones)/);
    const items = within(region).queryAllByRole("listitem");
    const found = items.find((item) => item.textContent?.includes(title) && item.textContent.includes(text));
    if (!found) throw new Error(`No toast "${title}: ${text}"; the toasts read: ${items.map((item) => item.textContent).join(" | ")}`);
    return found;
  });
}

/** The task titles of `container`'s rows, top to bottom, read from each row's checkbox ("Mark {title} as completed"). */
export function titlesIn(container: HTMLElement): string[] {
  return within(container)
    .queryAllByRole("checkbox")
    .map((box) => (box.getAttribute("aria-label") ?? "").replace(/^Mark (.*) as completed$/, "$1"));
}

/** The "Loading tasks" spinner (a status whose text says what loads), or undefined. */
export const loadingTasks = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByRole("status")
    .find((status) => status.textContent === "Loading tasks");

/**
 * Loads what the task screens download on first use (the dialog, quick add's parser, the toasts)
 * before the tests, in a `beforeAll`: the first import of each is compiled, seconds on a loaded
 * machine, and that is no test's time.
 */
export async function loadTaskScreens(): Promise<void> {
  await Promise.all([
    import("@/app/app"),
    import("@/features/tasks/components/task-form-dialog"),
    import("@/features/tasks/components/quick-add-field"),
    import("@/features/tasks/components/quick-add-assist"),
    import("@/lib/toast-library"),
    import("@/components/ui/calendar"),
  ]);
}

/**
 * jsdom lays nothing out, so every element has no boxes (`getClientRects()` is empty) and reads as
 * not displayed. Where the app asks whether a control is displayed (focus return, lib/return-focus.ts),
 * this answers as a browser would for a page without CSS: displayed, unless it or a container is
 * `hidden` or not on the page. For the focus tests' files; the browser suite reads real layout.
 */
export function pretendDisplayed(): void {
  Element.prototype.getClientRects = function (this: Element) {
    const shown = this.isConnected && this.closest("[hidden]") === null;
    const rects = shown ? [new DOMRect(0, 0, 1, 1)] : [];
    return Object.assign(rects, { item: (index: number) => rects[index] ?? null }) as unknown as DOMRectList;
  };
}
