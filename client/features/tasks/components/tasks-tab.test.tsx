import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Task } from "@core/api-types";
import { task } from "@core/test/builders";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import {
  choose,
  findToast,
  held,
  loadTaskScreens,
  loadingTasks,
  MONDAY_10_AM,
  optionNames,
  quickUser,
  schoolDate,
  titlesIn,
} from "@/test/tasks";

// The completion burst, counted instead of drawn (jsdom has no canvas); its own settings are
// client/features/tasks/hooks/confetti.test.ts's.
const confetti = vi.hoisted(() => ({ fire: vi.fn() }));
vi.mock("@/features/tasks/hooks/confetti", () => ({ fireCompletionConfetti: confetti.fire }));
afterEach(() => confetti.fire.mockClear());

// Moved from e2e/tasks.spec.ts (docs/decisions/120): the Tasks tab's words, states, and what its
// dialogs send, on a frozen school clock: Monday, November 30, 2026, 10:00 AM in New York.

beforeAll(loadTaskScreens);

async function openTasksTab(tasks: Task[] = [], who = student()) {
  const rendered = await renderApp("/#todo", { user: who, now: MONDAY_10_AM });
  rendered.server.tasks = tasks;
  await screen.findByRole("heading", { name: "Assignment To-Do List" });
  await waitFor(() => expect(loadingTasks()).toBeUndefined());
  return { ...rendered, user: quickUser() };
}

const taskList = () => screen.getByRole("region", { name: "Tasks" });
const taskRow = (title: string) => within(taskList()).getByRole("listitem", { name: title });
const findRow = (title: string) => within(taskList()).findByRole("listitem", { name: title });
const checkbox = (title: string) => screen.getByRole("checkbox", { name: `Mark ${title} as completed` });
const filterTab = (label: string) => screen.getByRole("tab", { name: new RegExp(`^${label}`) });
const field = (form: HTMLElement, name: string) => within(form).getByRole("textbox", { name });

/** The stat cards as they read: "{label}{count}" each. */
const stats = () =>
  within(screen.getByRole("list", { name: "Task statistics" }))
    .getAllByRole("listitem")
    .map((card) => card.textContent);
const expectStats = (total: number, overdue: number, completed: number) =>
  waitFor(() => expect(stats()).toEqual([`Total Tasks${total}`, `Overdue${overdue}`, `Completed${completed}`]));

/** The filter tabs as they read: "{label}{count}" each. */
const expectFilterCounts = (all: number, pending: number, completed: number, overdue: number) =>
  waitFor(() =>
    expect(
      within(screen.getByRole("tablist", { name: "Filter tasks" }))
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual([`All Tasks${all}`, `Pending${pending}`, `Completed${completed}`, `Overdue${overdue}`]),
  );

/** "Group: title, title" per group list of the task region, top to bottom. */
const groupsInOrder = () =>
  within(taskList())
    .getAllByRole("list")
    .map((list) => `${list.getAttribute("aria-label")}: ${titlesIn(list).join(", ")}`);

async function openAddTask(user: ReturnType<typeof quickUser>, button = "Add Task") {
  await user.click(screen.getByRole("button", { name: button }));
  return screen.findByRole("dialog", { name: "Add Task" });
}

async function openEditTask(user: ReturnType<typeof quickUser>, title: string) {
  await user.click(screen.getByRole("button", { name: `Edit ${title}` }));
  return screen.findByRole("dialog", { name: "Edit Task" });
}

describe("adding a task", () => {
  it("without a due date: the switch on and off again leaves it undated, with medium priority", async () => {
    const { user, server } = await openTasksTab();
    expect(screen.getByText("No tasks yet")).toBeVisible();
    const form = await openAddTask(user, "Add Your First Task");
    await user.type(field(form, "Task Title"), "Read chapter 5");
    const dated = within(form).getByRole("switch", { name: "Set date and time" });
    await user.click(dated);
    expect(within(form).getByLabelText("Due Time (optional)")).toBeVisible();
    await user.click(dated);
    expect(within(form).queryByLabelText("Due Time (optional)")).toBeNull();
    expect(within(form).getByRole("combobox", { name: "Priority" })).toHaveTextContent("Medium");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));

    await findToast("Success", "Task created successfully");
    const sent = server.body("POST /api/tasks");
    expect(sent).toMatchObject({ title: "Read chapter 5", subject: null, priority: "medium" });
    // A create leaves the date out while the switch is off.
    expect(sent).not.toHaveProperty("dueDate");
    expect(sent).not.toHaveProperty("dueTime");
    const row = await findRow("Read chapter 5");
    expect(row).toHaveTextContent("Medium priority");
    expect(row).not.toHaveTextContent("Due");
  });

  it("with an empty or blank title says “Title is required” and sends nothing; Cancel closes it", async () => {
    const { user, server } = await openTasksTab();
    const form = await openAddTask(user);
    await user.type(field(form, "Description"), "No title here");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    expect(await within(form).findByText("Title is required")).toBeVisible();

    // Blank spaces are no title either.
    await user.type(field(form, "Task Title"), "   ");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    expect(within(form).getByText("Title is required")).toBeVisible();
    expect(form).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(screen.getByText("No tasks yet")).toBeVisible();
    expect(server.sent("POST /api/tasks")).toEqual([]);
  });

  it("reads “Adding...” while it is sent, and neither Cancel nor Escape closes it meanwhile", async () => {
    const { user, server } = await openTasksTab();
    const answer = held();
    server.on("POST /api/tasks", async ({ body }) => {
      await answer.wait;
      return reply(201, task({ id: 77, ...(body as Partial<Task>) }));
    });
    const form = await openAddTask(user);
    await user.type(field(form, "Task Title"), "History timeline");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));

    expect(await within(form).findByRole("button", { name: "Adding..." })).toBeDisabled();
    expect(within(form).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(form).toBeInTheDocument();

    answer.release();
    await findToast("Success", "Task created successfully");
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "History timeline" });
  });
});

describe("editing a task", () => {
  it("opens with the task's values and sends the changed ones; the row shows them", async () => {
    const { user, server } = await openTasksTab([
      task({ id: 1, title: "Essay draft", description: "Intro only", subject: "English", dueDate: schoolDate(5), dueTime: "14:00" }),
    ]);
    // Saturday, five days on: the weekday, and the time set.
    expect(taskRow("Essay draft")).toHaveTextContent("Sat 2:00 PM");

    const form = await openEditTask(user, "Essay draft");
    expect(field(form, "Task Title")).toHaveValue("Essay draft");
    expect(field(form, "Description")).toHaveValue("Intro only");
    expect(within(form).getByRole("combobox", { name: "Subject" })).toHaveTextContent("English (4th period)");
    expect(within(form).getByRole("switch", { name: "Set date and time" })).toBeChecked();
    expect(within(form).getByLabelText("Due Time (optional)")).toHaveValue("14:00");
    expect(within(form).getByRole("checkbox", { name: "Mark as completed" })).not.toBeChecked();

    await user.clear(field(form, "Task Title"));
    await user.type(field(form, "Task Title"), "Essay final");
    await user.clear(within(form).getByLabelText("Due Time (optional)"));
    await user.type(within(form).getByLabelText("Due Time (optional)"), "18:45");
    await choose(user, within(form).getByRole("combobox", { name: "Priority" }), "Low");
    await user.click(within(form).getByRole("button", { name: "Update Task" }));

    await findToast("Success", "Task updated successfully");
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(within(taskList()).queryByRole("listitem", { name: "Essay draft" })).toBeNull();
    const row = taskRow("Essay final");
    expect(row).toHaveTextContent("Sat 6:45 PM");
    expect(row).toHaveTextContent("Low priority");
    expect(server.body("PUT /api/tasks/1")).toMatchObject({
      title: "Essay final",
      description: "Intro only",
      subject: "English",
      dueDate: schoolDate(5),
      dueTime: "18:45",
      priority: "low",
    });
  });

  it("takes the time needed from a quick choice or typed, shows it on edit, and refuses what the API would (issue 51)", async () => {
    const { user, server } = await openTasksTab([task({ id: 1, title: "Lab report", estimateMinutes: 90 })]);
    const form = await openAddTask(user, "Add Task");
    await user.type(field(form, "Task Title"), "Essay");
    const choices = within(form).getByRole("group", { name: "Quick choices for the time needed" });
    await user.click(within(choices).getByRole("button", { name: "45 min" }));
    expect(within(form).getByLabelText("Time needed (minutes)")).toHaveValue(45);
    expect(within(choices).getByRole("button", { name: "45 min" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    await findToast("Success", "Task created successfully");
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "Essay", estimateMinutes: 45 });

    const edit = await openEditTask(user, "Lab report");
    const minutes = within(edit).getByLabelText("Time needed (minutes)");
    expect(minutes).toHaveValue(90);
    expect(within(edit).getByRole("button", { name: "1 h 30 min" })).toHaveAttribute("aria-pressed", "true");
    await user.clear(minutes);
    await user.type(minutes, "700");
    await user.click(within(edit).getByRole("button", { name: "Update Task" }));
    expect(await within(edit).findByText("Time needed must be a whole number of minutes from 5 to 600, or empty")).toBeVisible();
    expect(server.sent("PUT /api/tasks/1")).toHaveLength(0);
    await user.clear(minutes);
    await user.click(within(edit).getByRole("button", { name: "Update Task" }));
    await findToast("Success", "Task updated successfully");
    expect(server.body("PUT /api/tasks/1")).toMatchObject({ estimateMinutes: null });
  });

  it("reads “Updating...” while the change is sent", async () => {
    const { user, server } = await openTasksTab([task({ id: 3, title: "Map quiz" })]);
    const answer = held();
    server.on("PUT /api/tasks/:id", async ({ body }) => {
      await answer.wait;
      // Kept, as the server keeps it: the list read after the change has it too.
      server.tasks = [{ ...server.tasks[0]!, ...(body as Partial<Task>) }];
      return server.tasks[0];
    });
    const form = await openEditTask(user, "Map quiz");
    await user.type(field(form, "Task Title"), ": Europe");
    await user.click(within(form).getByRole("button", { name: "Update Task" }));
    expect(await within(form).findByRole("button", { name: "Updating..." })).toBeDisabled();
    answer.release();
    await findToast("Success", "Task updated successfully");
    expect(await findRow("Map quiz: Europe")).toBeVisible();
  });

  it("deletes the task only after the question is confirmed; Cancel keeps it", async () => {
    const { user, server } = await openTasksTab([task({ id: 2, title: "Drop me" }), task({ id: 1, title: "Keep me" })]);
    const form = await openEditTask(user, "Drop me");
    await user.click(within(form).getByRole("button", { name: "Delete" }));
    const question = await screen.findByRole("alertdialog", { name: "Delete Task" });
    expect(question).toHaveTextContent("Drop me");

    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
    expect(server.sent("DELETE /api/tasks/2")).toEqual([]);

    await user.click(within(form).getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete Task" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Task" })).toBeNull());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(within(taskList()).queryByRole("listitem", { name: "Drop me" })).toBeNull());
    expect(taskRow("Keep me")).toBeVisible();
    await expectStats(1, 0, 0);
    expect(server.sent("DELETE /api/tasks/2")).toHaveLength(1);
  });
});

describe("the completion checkbox", () => {
  it("moves a task to Completed and updates the counts; unchecking moves it back", async () => {
    const { user, server } = await openTasksTab([
      task({ id: 2, title: "History notes", dueDate: schoolDate(3) }),
      task({ id: 1, title: "Math worksheet", dueDate: schoolDate(2) }),
    ]);
    await expectStats(2, 0, 0);
    await expectFilterCounts(2, 2, 0, 0);

    await user.click(checkbox("Math worksheet"));
    // In All it goes behind "Completed (1)", last (decision 069); opened, the row says Completed.
    const completedToggle = await screen.findByRole("button", { name: "Completed (1)" });
    expect(completedToggle).toHaveAttribute("aria-expanded", "false");
    await user.click(completedToggle);
    expect(checkbox("Math worksheet")).toBeChecked();
    expect(taskRow("Math worksheet")).toHaveTextContent("Completed");
    await expectStats(1, 0, 1);
    await expectFilterCounts(1, 1, 1, 0);
    expect(server.body("PUT /api/tasks/1")).toEqual({ completed: true });

    await user.click(filterTab("Pending"));
    expect(titlesIn(taskList())).toEqual(["History notes"]);
    await user.click(filterTab("Completed"));
    expect(titlesIn(taskList())).toEqual(["Math worksheet"]);

    // Un-completed from the Completed tab.
    await user.click(checkbox("Math worksheet"));
    expect(await screen.findByText("No completed tasks")).toBeVisible();
    await expectStats(2, 0, 0);
    await expectFilterCounts(2, 2, 0, 0);
    expect(server.sent("PUT /api/tasks/1").at(-1)?.body).toEqual({ completed: false });
    await user.click(filterTab("Pending"));
    expect(titlesIn(taskList())).toEqual(["Math worksheet", "History notes"]);
  });

  it("rolls back at once with the server's message when the save fails, before the list is read again", async () => {
    const { user, server } = await openTasksTab([task({ id: 5, title: "Ghost task", dueDate: schoolDate(1) })]);
    // Another session deleted the task meanwhile; the save and the read after it are held, to watch each step.
    const save = held();
    const refetch = held();
    server.on("PUT /api/tasks/:id", async () => {
      await save.wait;
      return reply(404, { message: "Task not found" });
    });
    server.on("GET /api/tasks", async () => {
      await refetch.wait;
      return [];
    });

    await user.click(checkbox("Ghost task"));
    // Optimistic: at once behind "Completed (1)", last in All (decision 069).
    expect(await screen.findByRole("button", { name: "Completed (1)" })).toBeVisible();
    expect(screen.queryByRole("checkbox", { name: "Mark Ghost task as completed" })).toBeNull();
    await expectStats(0, 0, 1);

    save.release();
    await waitFor(() => expect(checkbox("Ghost task")).not.toBeChecked());
    await expectStats(1, 0, 0);
    await findToast("Error", "Task not found");

    // Once the list is read again, the deleted task is gone.
    refetch.release();
    expect(await screen.findByText("No tasks yet")).toBeVisible();
  });

  it("of two quick completions, rolls back only the one that fails, with its toast", async () => {
    const { user, server } = await openTasksTab([task({ id: 8, title: "Real task" }), task({ id: 7, title: "Ghost task" })]);
    const ghost = held();
    server.on("PUT /api/tasks/7", async () => {
      await ghost.wait;
      return reply(404, { message: "Task not found" });
    });
    await user.click(checkbox("Ghost task"));
    await user.click(checkbox("Real task"));
    await waitFor(() => expect(server.sent("PUT /api/tasks/8")).toHaveLength(1));
    ghost.release();

    await findToast("Error", "Task not found");
    await user.click(await screen.findByRole("button", { name: "Completed (1)" }));
    expect(checkbox("Real task")).toBeChecked();
    expect(checkbox("Ghost task")).not.toBeChecked();
    await expectStats(1, 0, 1);
  });

  it("after the session expired says to sign in and try again, promising no restore", async () => {
    const { user, server } = await openTasksTab([task({ id: 4, title: "Vocab list" })]);
    server.answer("PUT /api/tasks/:id", reply(401, { message: "Unauthorized" }));
    // The redirect to /auth that follows is the browser suite's (e2e/tasks.spec.ts, the restored draft).
    await user.click(checkbox("Vocab list"));
    await findToast("Session Expired", "You'll be redirected to login. Please sign in and try again.");
  });
});

describe("filters and sorting", () => {
  it("lists a task due yesterday (school time) under Overdue with an overdue mark; done and today's are not", async () => {
    const { user } = await openTasksTab([
      task({ id: 3, title: "Old but done", dueDate: schoolDate(-3), completed: true }),
      task({ id: 2, title: "Due today", dueDate: schoolDate(0) }),
      task({ id: 1, title: "Late lab", dueDate: schoolDate(-1), dueTime: "08:00" }),
    ]);
    await expectStats(2, 1, 1);
    await expectFilterCounts(2, 2, 1, 1);
    expect(taskRow("Late lab")).toHaveTextContent("Overdue");
    expect(taskRow("Due today")).not.toHaveTextContent("Overdue");
    expect(taskRow("Due today")).toHaveTextContent("Today");
    await user.click(screen.getByRole("button", { name: "Completed (1)" }));
    expect(taskRow("Old but done")).not.toHaveTextContent("Overdue");

    await user.click(filterTab("Overdue"));
    expect(titlesIn(taskList())).toEqual(["Late lab"]);
    expect(taskRow("Late lab")).toHaveTextContent("Yesterday 8:00 AM");
    expect(within(taskRow("Late lab")).getByText("Overdue", { exact: true })).toBeVisible();
  });

  it("has an empty state of its own for each filter", async () => {
    const { user } = await openTasksTab([task({ title: "Done already", completed: true })]);
    await user.click(filterTab("Pending"));
    expect(await screen.findByText("No pending tasks")).toBeVisible();
    await user.click(filterTab("Overdue"));
    expect(await screen.findByText("No overdue tasks")).toBeVisible();
    await user.click(filterTab("Completed"));
    expect(await findRow("Done already")).toBeVisible();
  });

  it("sorts by priority high to low and low to high, and back to the API's order (newest first)", async () => {
    const { user } = await openTasksTab([
      task({ title: "Medium one", priority: "medium" }),
      task({ title: "High one", priority: "high" }),
      task({ title: "Low one", priority: "low" }),
    ]);
    const sort = screen.getByRole("combobox", { name: "Sort tasks" });
    expect(titlesIn(taskList())).toEqual(["Medium one", "High one", "Low one"]);
    expect(sort).toHaveTextContent("No sorting");

    await choose(user, sort, "Priority High to Low");
    await waitFor(() => expect(titlesIn(taskList())).toEqual(["High one", "Medium one", "Low one"]));
    await choose(user, sort, "Priority Low to High");
    await waitFor(() => expect(titlesIn(taskList())).toEqual(["Low one", "Medium one", "High one"]));
    await choose(user, sort, "No sorting");
    await waitFor(() => expect(titlesIn(taskList())).toEqual(["Medium one", "High one", "Low one"]));
  });
});

describe("no sorting: the order a student reads a list in", () => {
  // In the API's order, newest first.
  const mixed = () => [
    task({ title: "Yesterday lab", dueDate: schoolDate(-1), dueTime: "09:00" }),
    task({ title: "Done today", dueDate: schoolDate(0), completed: true }),
    task({ title: "Two days late", dueDate: schoolDate(-2) }),
    task({ title: "Today 7am", dueDate: schoolDate(0), dueTime: "07:00" }),
    task({ title: "Today no time", dueDate: schoolDate(0) }),
    task({ title: "Tomorrow quiz", dueDate: schoolDate(1), dueTime: "08:00" }),
    task({ title: "In four days", dueDate: schoolDate(4), dueTime: "10:00" }),
    task({ title: "Next month essay", dueDate: schoolDate(30) }),
    task({ title: "Undated idea" }),
    task({ title: "Done long ago", dueDate: schoolDate(-5), completed: true }),
  ];

  it("groups incomplete tasks Overdue · Today · Tomorrow · This week · Later · No date, completed ones last behind Completed (N)", async () => {
    const { user } = await openTasksTab(mixed());
    await expectFilterCounts(8, 8, 2, 2);
    expect(groupsInOrder()).toEqual([
      "Overdue: Two days late, Yesterday lab",
      "Today: Today 7am, Today no time",
      "Tomorrow: Tomorrow quiz",
      "This week: In four days",
      "Later: Next month essay",
      "No date: Undated idea",
    ]);
    // "All Tasks 8" lists 8 rows until the completed ones are asked for.
    expect(within(taskList()).getAllByRole("checkbox")).toHaveLength(8);
    const completed = screen.getByRole("button", { name: "Completed (2)" });
    expect(completed).toHaveAttribute("aria-expanded", "false");
    completed.focus();
    await user.keyboard("{Enter}");
    expect(completed).toHaveAttribute("aria-expanded", "true");
    // Completed ones in the API's order, newest first.
    expect(groupsInOrder().at(-1)).toBe("Completed: Done today, Done long ago");

    // Relative dates: the time only where one was set.
    expect(taskRow("Tomorrow quiz")).toHaveTextContent("Tomorrow 8:00 AM");
    expect(taskRow("Today no time")).toHaveTextContent("Today");
    expect(taskRow("Today no time")).not.toHaveTextContent("11:59");
    expect(taskRow("In four days")).toHaveTextContent("Fri 10:00 AM");
    expect(taskRow("Next month essay")).toHaveTextContent("Dec 30");

    // Pending has the same groups without Completed; a sort gives the flat list back.
    await user.click(filterTab("Pending"));
    expect(groupsInOrder().map((group) => group.split(":")[0])).toEqual(["Overdue", "Today", "Tomorrow", "This week", "Later", "No date"]);
    await choose(user, screen.getByRole("combobox", { name: "Sort tasks" }), "Priority High to Low");
    await waitFor(() => expect(groupsInOrder()).toHaveLength(1));
  });

  describe("on a device in another time zone", () => {
    // Tokyo is 14 hours ahead of the school: at 03:30 UTC on 23 Nov it is already Monday there,
    // still Sunday evening at the school. Node reads TZ afresh when it changes.
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it("groups and dates follow the school's today, not the device's", async () => {
      process.env.TZ = "Asia/Tokyo";
      await renderApp("/#todo", { user: student(), now: "2026-11-23T03:30:00Z" }).then(({ server }) => {
        server.tasks = [
          task({ title: "Yesterday lab", dueDate: "2026-11-21", dueTime: "09:00" }),
          task({ title: "Two days late", dueDate: "2026-11-20" }),
          task({ title: "Today no time", dueDate: "2026-11-22" }),
          task({ title: "Tomorrow quiz", dueDate: "2026-11-23", dueTime: "08:00" }),
        ];
      });
      await screen.findByRole("region", { name: "Tasks" });
      expect(new Date(2026, 10, 23, 12).getTimezoneOffset()).toBe(-540);
      expect(groupsInOrder().slice(0, 3)).toEqual([
        "Overdue: Two days late, Yesterday lab",
        "Today: Today no time",
        "Tomorrow: Tomorrow quiz",
      ]);
      expect(taskRow("Yesterday lab")).toHaveTextContent("Yesterday 9:00 AM");
    });
  });
});

describe("the Subject choices", () => {
  it("are a student's own classes, labelled with periods; the one picked is sent", async () => {
    const classes = ["Algebra II", "Biology", "English 10", "US History", "Chemistry", "Spanish"];
    const { user, server } = await openTasksTab([], student({ userClasses: classes }));
    const form = await openAddTask(user);
    await user.type(field(form, "Task Title"), "Cell diagram");
    await choose(user, within(form).getByRole("combobox", { name: "Subject" }), "Biology (2nd period)");
    within(form).getByRole("combobox", { name: "Subject" }).focus();
    await user.keyboard("{Enter}");
    expect(optionNames()).toEqual([
      "No subject",
      "Algebra II (1st period)",
      "Biology (2nd period)",
      "English 10 (3rd period)",
      "US History (4th period)",
      "Chemistry (5th period)",
      "Spanish (6th period)",
    ]);
    await user.keyboard("{Escape}");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    expect(await findRow("Cell diagram")).toHaveTextContent("Biology");
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "Cell diagram", subject: "Biology" });
  });

  it("are the fallback subjects for a student without classes, once the class setup is put off", async () => {
    const rendered = await renderApp("/#todo", { user: student({ userClasses: [] }), now: MONDAY_10_AM });
    const user = quickUser();
    // The class setup opens by itself for a student without classes; they may close it for now.
    const setup = await screen.findByRole("dialog", { name: "Complete Your Setup" });
    await user.click(within(setup).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(setup).not.toBeInTheDocument());
    const form = await openAddTask(user);
    within(form).getByRole("combobox", { name: "Subject" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    expect(optionNames()).toEqual([
      "No subject",
      "Mathematics (1st period)",
      "Science (2nd period)",
      "History (3rd period)",
      "English (4th period)",
      "Chemistry (5th period)",
      "Physics (6th period)",
      "Biology (7th period)",
      "Other (8th period)",
    ]);
    expect(rendered.server.sent("POST /api/tasks")).toEqual([]);
  });
});

describe("a task list that cannot be loaded", () => {
  it("shows no numbers: the stat cards and filter tabs wait for a list instead of reading 0; Try again reads it", async () => {
    const rendered = await renderApp("/#todo", { user: student(), now: MONDAY_10_AM });
    let failing = true;
    rendered.server.on("GET /api/tasks", () =>
      failing ? reply(500, { message: "Down" }) : [task({ title: "Exists", dueDate: schoolDate(-1) })],
    );
    expect(await screen.findByText("Your tasks could not be loaded.")).toBeVisible();
    const statistics = screen.getByRole("list", { name: "Task statistics" });
    expect(statistics.textContent).not.toMatch(/\d/);
    expect(within(statistics).getAllByRole("listitem")[0]).toHaveTextContent("Total Tasks–not available");
    expect(screen.getByRole("tablist", { name: "Filter tasks" }).textContent).not.toMatch(/\d/);

    failing = false;
    await quickUser().click(screen.getByRole("button", { name: /Retry|Try again/ }));
    await expectStats(1, 1, 0);
    await expectFilterCounts(1, 1, 0, 1);
  });
});

describe("the completion burst", () => {
  it("comes for a completion the server keeps, never for an un-completion", async () => {
    const { user, server } = await openTasksTab([
      task({ id: 2, title: "Still to do", dueDate: schoolDate(2) }),
      task({ id: 1, title: "Already done", completed: true }),
    ]);
    await user.click(screen.getByRole("button", { name: "Completed (1)" }));
    await user.click(checkbox("Already done"));
    // Settled: the list is read again after the change.
    await waitFor(() => expect(server.sent("GET /api/tasks")).toHaveLength(2));
    expect(server.body("PUT /api/tasks/1")).toEqual({ completed: false });
    expect(confetti.fire).not.toHaveBeenCalled();

    await user.click(checkbox("Still to do"));
    await waitFor(() => expect(confetti.fire).toHaveBeenCalledTimes(1));
  });

  it("does not come for a completion the server refuses: the checkbox rolls back under the error toast alone", async () => {
    const { user, server } = await openTasksTab([
      task({ id: 2, title: "Kept", dueDate: schoolDate(3) }),
      task({ id: 1, title: "Refused", dueDate: schoolDate(2) }),
    ]);
    server.answer("PUT /api/tasks/1", reply(409, { message: "This task was changed elsewhere" }));
    await user.click(checkbox("Refused"));
    await findToast("Error", "This task was changed elsewhere");
    await waitFor(() => expect(checkbox("Refused")).not.toBeChecked());
    await waitFor(() => expect(server.sent("GET /api/tasks")).toHaveLength(2));
    expect(confetti.fire).not.toHaveBeenCalled();

    // The burst still comes for a completion the server keeps.
    await user.click(checkbox("Kept"));
    await waitFor(() => expect(confetti.fire).toHaveBeenCalledTimes(1));
  });
});
