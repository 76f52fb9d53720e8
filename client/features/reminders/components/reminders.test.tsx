import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { task } from "@core/test/builders";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { choose, findToast, MONDAY_10_AM, optionNames } from "@/test/tasks";

// Moved from e2e/reminders.spec.ts (docs/decisions/120): the Reminder choice of the task and event
// dialogs and the evening summary's switch. A reminder pushed by the server on time, and its link,
// stay in the browser.

describe("a task's Reminder", () => {
  it("appears with a due date, offers the timings, is sent, and shown again when editing", async () => {
    const { server, user } = await renderApp("/#todo", { user: student(), now: MONDAY_10_AM });
    await user.click(await screen.findByRole("button", { name: "Add Your First Task" }));
    const form = await screen.findByRole("dialog", { name: "Add Task" });
    await user.type(within(form).getByRole("textbox", { name: "Task Title" }), "History essay");
    expect(within(form).queryByRole("combobox", { name: "Reminder" })).toBeNull();

    await user.click(within(form).getByRole("switch", { name: "Set date and time" }));
    await user.type(within(form).getByLabelText("Due Time (optional)"), "15:00");
    const reminder = within(form).getByRole("combobox", { name: "Reminder" });
    expect(reminder).toHaveTextContent("None");
    reminder.focus();
    await user.keyboard("{Enter}");
    expect(optionNames()).toEqual([
      "None",
      "At due time",
      "5 minutes before",
      "15 minutes before",
      "30 minutes before",
      "1 hour before",
      "1 day before",
    ]);
    await user.click(screen.getByRole("option", { name: "1 hour before" }));
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    await findToast("Success", "Task created successfully");
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "History essay", reminder: "1-hour", dueTime: "15:00" });

    await user.click(await screen.findByRole("button", { name: "Edit History essay" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(edit).getByRole("combobox", { name: "Reminder" })).toHaveTextContent("1 hour before");
    // Turning the date off takes the reminder with it.
    await user.click(within(edit).getByRole("switch", { name: "Set date and time" }));
    await user.click(within(edit).getByRole("button", { name: "Update Task" }));
    await findToast("Success", "Task updated successfully");
    expect(server.sent("PUT /api/tasks/:id".replace(":id", String(server.tasks[0]!.id))).at(-1)?.body).toMatchObject({
      dueDate: null,
      reminder: null,
    });
  });
});

describe("an event's Reminder", () => {
  it("is chosen with the keyboard, explains all-day timing, and is sent with the event", async () => {
    const { server, user } = await renderApp("/#calendar", { user: student(), now: MONDAY_10_AM });
    server.on("POST /api/events", ({ body }) => reply(201, { id: 501, ...(body as object) }));
    await user.click(await screen.findByRole("button", { name: "Add Event" }));
    const form = await screen.findByRole("dialog", { name: "Add New Event" });
    await user.type(within(form).getByRole("textbox", { name: "Event Title" }), "Chemistry exam");
    const reminder = within(form).getByRole("combobox", { name: "Reminder" });
    expect(reminder).toHaveTextContent("None");
    await choose(user, reminder, "1 day before");
    expect(reminder).toHaveTextContent("1 day before");
    expect(within(form).getByText("Without a time: reminded at 7:00 PM the evening before.")).toBeVisible();
    await user.type(within(form).getByLabelText("Event Time (optional)"), "09:00");
    expect(within(form).getByText("Sent to your devices with notifications turned on.")).toBeVisible();
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    await findToast("Success", "Event created successfully");
    expect(server.body("POST /api/events")).toMatchObject({
      title: "Chemistry exam",
      time: "09:00",
      notificationEnabled: true,
      notificationTiming: "1-day",
    });
  });
});

describe("the evening summary in Settings", () => {
  it("is off by default; turning it on picks 7:00 PM, the time can be changed, and turning it off sends null", async () => {
    const { server, user } = await renderApp("/", { user: student() });
    server.tasks = [task({ title: "Lab report" })];
    await user.click(await screen.findByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    const toggle = await within(settings).findByRole("switch", { name: "Evening summary" });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await findToast("Evening summary on", "Sent at 7:00 PM when something is due tomorrow or overdue.");
    expect(server.sent("PUT /api/user/preferences").at(-1)?.body).toEqual({ eveningSummaryTime: "19:00" });
    const time = within(settings).getByLabelText("Send at");
    expect(time).toHaveValue("19:00");

    await user.clear(time);
    await user.type(time, "20:15{Enter}");
    await findToast("Evening summary on", "Sent at 8:15 PM");
    expect(server.sent("PUT /api/user/preferences").at(-1)?.body).toEqual({ eveningSummaryTime: "20:15" });

    within(settings).getByRole("switch", { name: "Evening summary" }).focus();
    await user.keyboard(" ");
    await findToast("Evening summary off", "You will not get the evening summary.");
    expect(server.sent("PUT /api/user/preferences").at(-1)?.body).toEqual({ eveningSummaryTime: null });
  });

  it("shows the saved time when Settings opens again", async () => {
    const { server, user } = await renderApp("/", { user: student() });
    server.preferences = { ...server.preferences, eveningSummaryTime: "20:15" };
    await user.click(await screen.findByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    expect(await within(settings).findByRole("switch", { name: "Evening summary" })).toBeChecked();
    expect(within(settings).getByLabelText("Send at")).toHaveValue("20:15");
  });
});
