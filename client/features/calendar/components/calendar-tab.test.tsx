import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Task } from "@core/api-types";
import type { CalendarEvent } from "@core/schemas/event";
import { event, task } from "@core/test/builders";
import { answerEventWrites, fill, dayName, findDay, longDate, MONDAY_NOV_30, nextMonth, openDay, rowsOf } from "@/test/calendar";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { choose, findToast } from "@/test/tasks";

// Moved from e2e/calendar.spec.ts (docs/decisions/120): the Calendar tab's words, states, dialogs,
// keyboard and what its forms send. The school's today is Monday, November 30, 2026.

// A dozen dialogs opened and closed, the form's code loaded lazily: more than the usual 20 s on a busy 2-core machine.
const JOURNEY_TIMEOUT = 60_000;

const TODAY = "2026-11-30";
/** The Mondays of December 2026, the month after today's. */
const MONDAYS = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"];

/** The Calendar tab of a student with these events and tasks. */
async function openCalendar({
  events = [],
  tasks = [],
  now = MONDAY_NOV_30,
}: { events?: CalendarEvent[]; tasks?: Task[]; now?: string } = {}) {
  const server = new FakeServer();
  answerEventWrites(server);
  server.events = events;
  server.tasks = tasks;
  const rendered = await renderApp("/#calendar", { server, user: student(), now });
  // The dashboard's and the calendar's code load lazily: slower than a query's 5 s on a busy 2-core machine (the first import of a chunk in a file transforms its modules).
  await screen.findByRole("grid", undefined, { timeout: 30_000 });
  return rendered;
}

async function openEventForm(user: Awaited<ReturnType<typeof openCalendar>>["user"]) {
  await user.click(screen.getByRole("button", { name: "Add Event" }));
  return screen.findByRole("dialog", { name: "Add New Event" });
}

/** A weekly series on Mondays from December 7, 4 PM. */
const weeklySeries = (title: string) =>
  event({ id: 1, title, date: MONDAYS[0], time: "16:00", eventType: "study", recurring: "weekly", customDays: ["monday"] });

describe("the Calendar tab", { timeout: JOURNEY_TIMEOUT }, () => {
  it("says what it is for, and Next 5 Days says so when nothing is coming", async () => {
    await openCalendar();
    expect(screen.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();
    expect(screen.getByText("View your assignments and events")).toBeVisible();
    const upcoming = screen.getByRole("region", { name: "Next 5 Days" });
    expect(await within(upcoming).findByText("No upcoming events")).toBeVisible();
    expect(within(upcoming).getByText("Add tasks with due dates or create events to see them here")).toBeVisible();
  });

  it("gives the new event's title the focus", async () => {
    const { user } = await openCalendar();
    const form = await openEventForm(user);
    await waitFor(() => expect(within(form).getByRole("textbox", { name: "Event Title" })).toHaveFocus());
  });

  it("leaves the focus in a field the student went to before the title took it", async () => {
    const { user } = await openCalendar();
    const form = await openEventForm(user);
    const description = within(form).getByRole("textbox", { name: "Description (optional)" });
    description.focus();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(description).toHaveFocus();
    await user.keyboard("Bring the poster");
    expect(within(form).getByRole("textbox", { name: "Event Title" })).toHaveValue("");
    expect(description).toHaveValue("Bring the poster");
  });

  it("a day with 3 items shows 2 chips and “+1 more”, and names all three", async () => {
    await openCalendar({
      events: [
        event({ id: 1, title: "First", date: TODAY, time: "08:00" }),
        event({ id: 2, title: "Second", date: TODAY, time: "09:00" }),
        event({ id: 3, title: "Third", date: TODAY, time: "10:00" }),
      ],
    });
    await waitFor(async () => expect(await dayName(TODAY)).toBe("Monday, November 30, 2026, 3 items: First, Second, Third"));
    const cell = await findDay(TODAY);
    // The chips: the first two titles; the third is in the cell's spoken name only.
    expect(within(cell).getByText("First", { exact: true })).toBeInTheDocument();
    expect(within(cell).getByText("Second", { exact: true })).toBeInTheDocument();
    expect(within(cell).queryByText("Third", { exact: true })).toBeNull();
    expect(within(cell).getByText("+1 more", { exact: true })).toBeInTheDocument();
  });

  it("works by keyboard: the arrows move between days, Enter opens one", async () => {
    const { user } = await openCalendar();
    const today = await findDay(TODAY);
    expect(today).toHaveAttribute("aria-current", "date");
    today.focus();
    await user.keyboard("{ArrowRight}");
    expect(await findDay("2026-12-01")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(today).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "November 30, 2026" })).toBeVisible();
  });

  it("highlights the school's today (New York), not the device's (already December 1 in UTC)", async () => {
    // 10 PM in New York is 3 AM the next day in UTC, the test process's zone, and in Tokyo.
    await openCalendar({ now: "2026-11-30T22:00:00-05:00" });
    const current = screen.getAllByRole("gridcell").filter((cell) => cell.getAttribute("aria-current") === "date");
    expect(current.map((cell) => cell.dataset.date)).toEqual([TODAY]);
  });
});

describe("adding an event", { timeout: JOURNEY_TIMEOUT }, () => {
  it("an exam with its end and the revision time the study plan spreads before it; an end before the start is refused (issue 51)", async () => {
    const { server, user } = await openCalendar();
    const form = await openEventForm(user);
    await user.type(within(form).getByRole("textbox", { name: "Event Title" }), "Chemistry exam");
    await user.click(within(form).getByRole("button", { name: "Exam" }));
    expect(within(form).queryByLabelText("Ends (optional)")).toBeNull();
    await user.type(within(form).getByLabelText("Revision time (minutes, optional)"), "120");
    await user.type(within(form).getByLabelText("Event Time (optional)"), "09:00");
    await user.type(within(form).getByLabelText("Ends (optional)"), "08:30");
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    expect(await within(form).findByText("The end time must be after the start time")).toBeVisible();
    expect(server.sent("POST /api/events")).toHaveLength(0);
    await user.clear(within(form).getByLabelText("Ends (optional)"));
    await user.type(within(form).getByLabelText("Ends (optional)"), "10:30");
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Success", "Event created successfully");
    expect(server.body("POST /api/events")).toMatchObject({
      title: "Chemistry exam",
      eventType: "exam",
      time: "09:00",
      endTime: "10:30",
      prepMinutes: 120,
    });
  });

  it("Early Dismissal fills its title and comes first in the day; tasks have no edit there; Close closes", async () => {
    const { server, user } = await openCalendar({
      events: [event({ id: 1, title: "Algebra test", date: TODAY, time: "08:00", eventType: "exam" })],
      tasks: [task({ title: "Essay due", dueDate: TODAY })],
    });
    const form = await openEventForm(user);
    await user.click(within(form).getByRole("button", { name: "Early Dismissal" }));
    expect(within(form).getByRole("textbox", { name: "Event Title" })).toHaveValue("Early Dismissal");
    await user.type(within(form).getByLabelText("Event Time (optional)"), "12:30");
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Success", "Event created successfully");
    expect(server.body("POST /api/events")).toMatchObject({ title: "Early Dismissal", time: "12:30", eventType: "early-dismissal" });

    const detail = await openDay(user, TODAY);
    await waitFor(() => expect(within(detail).getAllByRole("listitem")).toHaveLength(3));
    const rows = rowsOf(detail);
    expect(rows[0]).toContain("Early Dismissal");
    expect(rows[1]).toContain("Algebra test");
    expect(rows[2]).toContain("Essay due");
    expect(within(detail).queryByRole("button", { name: "Edit Essay due" })).toBeNull();
    expect(within(detail).getByRole("button", { name: "Edit Algebra test" })).toBeVisible();
    await user.click(within(detail).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: longDate(TODAY) })).toBeNull());
  });

  it("a weekly event starts on its date's weekday, asks for one when none is left, then shows on exactly its Mondays and Wednesdays across a month change", async () => {
    const { server, user } = await openCalendar();
    const form = await openEventForm(user);
    await fill(user, within(form).getByRole("textbox", { name: "Event Title" }), "Tutoring");
    await choose(user, within(form).getByRole("combobox", { name: "Recurring" }), "Weekly");
    // The start date's weekday comes ticked (today, a Monday; issue 49), and only it.
    expect(within(form).getByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(within(form).getByRole("checkbox", { name: "Wednesday" })).not.toBeChecked();
    // With none left ticked, the form asks for one.
    await user.click(within(form).getByRole("checkbox", { name: "Monday" }));
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    expect(await within(form).findByText("Please select at least one weekday for weekly recurring events")).toBeVisible();
    expect(server.sent("POST /api/events")).toHaveLength(0);

    await user.click(within(form).getByRole("checkbox", { name: "Monday" }));
    await user.click(within(form).getByRole("checkbox", { name: "Wednesday" }));
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Success", "Event created successfully");
    expect(server.body("POST /api/events")).toMatchObject({ title: "Tutoring", recurring: "weekly", customDays: ["monday", "wednesday"] });

    await nextMonth(user, "December 2026");
    for (const monday of MONDAYS) {
      const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
      const tuesday = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
      const wednesday = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
      await waitFor(async () => expect(await dayName(monday)).toMatch(/Tutoring$/));
      expect(await dayName(tuesday)).toMatch(/No items$/);
      expect(await dayName(wednesday)).toMatch(/Tutoring$/);
    }
  });

  it("monthly on dates: the start's day comes ticked, the days end at 28, Space ticks one; it shows on the 15th", async () => {
    const { server, user } = await openCalendar();
    const form = await openEventForm(user);
    await fill(user, within(form).getByRole("textbox", { name: "Event Title" }), "Club dues");
    await choose(user, within(form).getByRole("combobox", { name: "Recurring" }), "Monthly, on dates");
    // Today is the 30th, past the chooser's 28: nothing comes ticked.
    expect(within(form).queryByRole("checkbox", { name: "Day 29" })).toBeNull();
    expect(within(form).getByRole("checkbox", { name: "Day 28" })).not.toBeChecked();
    // By keyboard: the day boxes are drawn as chips around visually hidden checkboxes.
    within(form).getByRole("checkbox", { name: "Day 15" }).focus();
    await user.keyboard(" ");
    expect(within(form).getByRole("checkbox", { name: "Day 15" })).toBeChecked();
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Success", "Event created successfully");
    expect(server.body("POST /api/events")).toMatchObject({ recurring: "monthly", customDays: ["15"] });

    await nextMonth(user, "December 2026");
    await waitFor(async () => expect(await dayName("2026-12-15")).toMatch(/Club dues$/));
    expect(await dayName("2026-12-14")).toMatch(/No items$/);
    expect(await dayName("2026-12-16")).toMatch(/No items$/);
  });

  it("monthly on dates ticks the start's own day when it is one of 1 to 28", async () => {
    const { user } = await openCalendar({ now: "2026-11-12T10:00:00-05:00" });
    const form = await openEventForm(user);
    await choose(user, within(form).getByRole("combobox", { name: "Recurring" }), "Monthly, on dates");
    expect(within(form).getByRole("checkbox", { name: "Day 12" })).toBeChecked();
  });

  it("a create the server refuses is taken back, with the server's message; the form stays as typed", async () => {
    const { server, user } = await openCalendar();
    server.answer("POST /api/events", reply(503, { message: "The service is briefly unavailable." }));
    const form = await openEventForm(user);
    await fill(user, within(form).getByRole("textbox", { name: "Event Title" }), "Doomed event");
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Error", "The service is briefly unavailable.");
    expect(within(form).getByRole("textbox", { name: "Event Title" })).toHaveValue("Doomed event");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(async () => expect(await dayName(TODAY)).toMatch(/No items$/));
  });
});

describe("a weekly series", { timeout: JOURNEY_TIMEOUT }, () => {
  it("edits one occurrence, then this and future from the third, keeping the earlier ones", async () => {
    const { server, user } = await openCalendar({ events: [weeklySeries("Study group")] });
    await nextMonth(user, "December 2026");

    let detail = await openDay(user, MONDAYS[1]!);
    await user.click(within(detail).getByRole("button", { name: "Edit Study group" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "This event only" }));
    let form = await screen.findByRole("dialog", { name: "Edit Event" });
    expect(within(form).getByRole("combobox", { name: "Recurring" })).toBeDisabled();
    expect(within(form).getByText("Disabled for single event edits")).toBeVisible();
    const title = within(form).getByRole("textbox", { name: "Event Title" });
    await fill(user, title, "Study group (library)");
    await user.click(within(form).getByRole("button", { name: "Update Event" }));
    await findToast("Success", "Event updated successfully");
    expect(server.sent("PUT /api/events/SINGLE_INSTANCE_1_2026-12-14").map((r) => r.body)).toMatchObject([
      { title: "Study group (library)", date: "2026-12-14", recurring: "none" },
    ]);
    await waitFor(async () => expect(await dayName(MONDAYS[1]!)).toMatch(/Study group \(library\)$/));
    expect(await dayName(MONDAYS[0]!)).toMatch(/: Study group$/);
    expect(await dayName(MONDAYS[2]!)).toMatch(/: Study group$/);

    detail = await openDay(user, MONDAYS[2]!);
    await user.click(within(detail).getByRole("button", { name: "Edit Study group" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "This and future events" }));
    form = await screen.findByRole("dialog", { name: "Edit Event" });
    await fill(user, within(form).getByRole("textbox", { name: "Event Title" }), "Study group B");
    await user.click(within(form).getByRole("button", { name: "Update Event" }));
    await findToast("Success", "Event series updated successfully");
    expect(server.sent("PUT /api/events/FUTURE_SERIES_1_2026-12-21").map((r) => r.body)).toMatchObject([
      { title: "Study group B", date: "2026-12-21", recurring: "weekly", customDays: ["monday"] },
    ]);
    await waitFor(async () => expect(await dayName(MONDAYS[2]!)).toMatch(/: Study group B$/));
    expect(await dayName(MONDAYS[3]!)).toMatch(/: Study group B$/);
    expect(await dayName(MONDAYS[1]!)).toMatch(/: Study group \(library\)$/);
    expect(await dayName(MONDAYS[0]!)).toMatch(/: Study group$/);
  });

  it("deletes one occurrence, and this and future from the first after confirming", async () => {
    const { server, user } = await openCalendar({ events: [weeklySeries("Robotics")] });
    await nextMonth(user, "December 2026");

    let detail = await openDay(user, MONDAYS[1]!);
    await user.click(within(detail).getByRole("button", { name: "Delete Robotics" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "This event only" }));
    await findToast("Success", "Event instance deleted successfully");
    expect(server.sent("DELETE /api/events/SINGLE_INSTANCE_1_2026-12-14")).toHaveLength(1);
    await waitFor(async () => expect(await dayName(MONDAYS[1]!)).toMatch(/No items$/));
    expect(await dayName(MONDAYS[2]!)).toMatch(/Robotics$/);

    detail = await openDay(user, MONDAYS[0]!);
    await user.click(within(detail).getByRole("button", { name: "Delete Robotics" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "This and future events" }));
    // From the first date the whole series goes: asked first.
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Event" });
    expect(confirm).toHaveTextContent("This cannot be undone.");
    expect(server.sent("DELETE /api/events/FUTURE_SERIES_1_2026-12-07")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await findToast("Success", "Event deleted successfully");
    expect(server.sent("DELETE /api/events/FUTURE_SERIES_1_2026-12-07")).toHaveLength(1);
    for (const monday of MONDAYS) await waitFor(async () => expect(await dayName(monday)).toMatch(/No items$/));
  });

  it("the last Friday of the month shows on that Friday only", async () => {
    const { user } = await openCalendar({
      events: [event({ id: 1, title: "Pep rally", date: "2026-12-01", recurring: "last-monthly", customDays: ["friday"] })],
    });
    await nextMonth(user, "December 2026");
    await waitFor(async () => expect(await dayName("2026-12-25")).toMatch(/Pep rally$/));
    for (const friday of ["2026-12-04", "2026-12-11", "2026-12-18"]) expect(await dayName(friday)).toMatch(/No items$/);
  });
});
