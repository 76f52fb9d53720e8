import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { event, task } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver-two.spec.ts and e2e/daily-driver-three.spec.ts (docs/decisions/120):
// what Home and the calendar's Next 5 Days show for a student's day. Monday 30 November 2026.
const NOW = "2026-11-30T10:00:00-05:00";
const TODAY = "2026-11-30";

describe("Today's Schedule", () => {
  it("reads by the clock, and Next 5 Days lists the same day in the same order", async () => {
    const ana = student({ firstName: "Ana", userClasses: ["Mathematics", "Biology", "English", "Spanish II", "History", "Art"] });
    const { server, user } = await renderApp("/", { user: ana, now: NOW, width: 375 });
    server.events = [
      event({ id: 1, title: "Early Dismissal", date: TODAY, time: "12:30", eventType: "early-dismissal" }),
      event({ id: 2, title: "Biology exam", date: TODAY, time: "09:00", eventType: "exam", subject: "Biology" }),
      event({ id: 3, title: "Soccer practice", date: TODAY, time: "15:30", eventType: "practice" }),
    ];
    server.tasks = [task({ title: "Spanish vocab", subject: "Spanish II", dueDate: TODAY, dueTime: "20:00" })];

    // The early dismissal changes the whole day, so it leads; the rest follow the clock.
    const inOrder = [
      ["Early Dismissal", "12:30 PM"],
      ["Biology exam", "9:00 AM"],
      ["Soccer practice", "3:30 PM"],
      ["Spanish vocab", "8:00 PM"],
    ];
    const schedule = await screen.findByRole("list", { name: "Today's schedule" });
    const rows = within(schedule).getAllByRole("listitem");
    expect(rows).toHaveLength(4);
    inOrder.forEach(([title, time], i) => {
      expect(rows[i]).toHaveTextContent(title!);
      expect(rows[i]).toHaveTextContent(time!);
    });

    await user.click(within(screen.getByRole("tablist", { name: "Dashboard sections" })).getByRole("tab", { name: "Calendar" }));
    const upcoming = within(await screen.findByRole("list", { name: "Upcoming events and tasks" })).getAllByRole("listitem");
    expect(upcoming).toHaveLength(4);
    inOrder.forEach(([title], i) => expect(upcoming[i]).toHaveTextContent(title!));
  });
});

/** Periods 1-8 of the default classes, 50 minutes each from 8:00, 5 minutes apart. */
const EIGHT_CLASSES = ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"].map((name, i) => {
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const start = 8 * 60 + i * 55;
  return { period: i + 1, name, start: clock(start), end: clock(start + 50) };
});

describe("Home's next school day", () => {
  it("on a day off, lists the next school day's first three classes and how many more meet", async () => {
    const { server } = await renderApp("/", { user: student(), now: NOW, width: 375 });
    server.agendaDay = (date) => ({
      date,
      schoolDay: date !== TODAY && ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()),
      offLabel: date === TODAY ? "Teacher workday" : null,
      rotationDay: null,
      bellSchedule: null,
      classes: date === TODAY ? [] : EIGHT_CLASSES,
      schoolEvents: [],
    });
    const next = await screen.findByRole("group", { name: "Next school day" });
    expect(
      within(next)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["8:00 AM · Mathematics", "8:55 AM · Science", "9:50 AM · History", "+5 more"]);
  });
});

describe("focus on a phone", () => {
  // The focus goes back only to an element that is displayed (has client rects), which jsdom, with
  // no layout, never says: here every element is.
  beforeEach(() => {
    vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("closing the setup dialog that opened by itself puts the focus on the current tab", async () => {
    // The setup dialog's fields measure themselves; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { user } = await renderApp("/", { user: student({ userClasses: [] }), now: NOW, width: 375 });
    const setup = await screen.findByRole("dialog", { name: "Complete Your Setup" });
    expect(setup).toBeVisible();
    // Closed once it has taken the focus, as a student sees it open and then presses Escape. (Pressed
    // before its fields have loaded, the focus fell to <body> about one run in three: a gap noted on
    // issue 49, not this test's subject.)
    await waitFor(() => expect(setup).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("tab", { name: "Home", selected: true })).toHaveFocus());
    expect(screen.queryByRole("dialog", { name: "Complete Your Setup" })).toBeNull();
  });

  it("closing the day a tap opened puts the focus back on that day", async () => {
    const { user, container } = await renderApp("/#calendar", { user: student(), now: NOW, width: 375 });
    await screen.findByRole("grid");
    const today = container.querySelector<HTMLElement>(`[data-date="${TODAY}"]`)!;
    await user.pointer([{ keys: "[TouchA]", target: today }]);
    const detail = await screen.findByRole("dialog");
    await user.click(within(detail).getAllByRole("button", { name: "Close" })[0]!);
    // Radix hands the focus back a moment after the dialog goes.
    await waitFor(() => expect(today).toHaveFocus());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
