import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Task } from "@core/api-types";
import { task } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast, held, loadTaskScreens, loadingTasks, MONDAY_10_AM, quickUser, schoolDate, titlesIn } from "@/test/tasks";

// The completion burst is decoration, and jsdom has no canvas to draw it on.
vi.mock("@/features/tasks/hooks/confetti", () => ({ fireCompletionConfetti: vi.fn() }));
afterEach(() => vi.clearAllMocks());

// Moved from e2e/home.spec.ts (docs/decisions/120): the Home tab's greeting, its task card and
// Today's Schedule, on a frozen school clock: Monday, November 30, 2026, 10:00 AM in New York.

beforeAll(loadTaskScreens);

async function openHomeTab(tasks: Task[] = [], who = student()) {
  const rendered = await renderApp("/#home", { user: who, now: MONDAY_10_AM });
  rendered.server.tasks = tasks;
  await screen.findByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ });
  await waitFor(() => expect(loadingTasks()).toBeUndefined());
  return { ...rendered, user: quickUser() };
}

const tasksCard = (title: "Urgent Tasks" | "Your Tasks") => screen.getByRole("region", { name: title });
const scheduleCard = () => screen.getByRole("region", { name: "Today's Schedule" });

describe("the Home tab", () => {
  it("greets the student by first name with the school's time of day and full date", async () => {
    await openHomeTab([], student({ firstName: "Jordan", lastName: "Lee" }));
    expect(screen.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(/^Good morning, Jordan$/);
    expect(screen.getByText("Monday, November 30, 2026", { exact: true })).toBeVisible();
  });

  it("says “No tasks” and “You're all caught up!” without tasks, and adds one from Home", async () => {
    const { user, server } = await openHomeTab();
    const card = tasksCard("Your Tasks");
    expect(within(card).getByText("No tasks", { exact: true })).toBeVisible();
    expect(within(card).getByText("You're all caught up!")).toBeVisible();
    expect(await within(scheduleCard()).findByText("No events or tasks today")).toBeVisible();
    expect(within(scheduleCard()).getByText("Your schedule is free!")).toBeVisible();

    await user.click(within(card).getByRole("button", { name: "Add Task" }));
    const form = await screen.findByRole("dialog", { name: "Add Task" });
    await user.type(within(form).getByRole("textbox", { name: "Task Title" }), "Pack gym clothes");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    await findToast("Success", "Task created successfully");
    await waitFor(() => expect(titlesIn(tasksCard("Your Tasks"))).toEqual(["Pack gym clothes"]));
    expect(within(tasksCard("Your Tasks")).queryByText("No tasks", { exact: true })).toBeNull();
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "Pack gym clothes" });
  });

  it("calls the list “Urgent Tasks” when a task is due tomorrow; Today's Schedule holds today's", async () => {
    await openHomeTab([
      task({ title: "Poem reading", dueDate: schoolDate(0), dueTime: "15:30", subject: "English" }),
      task({ title: "Already done", dueDate: schoolDate(1), completed: true }),
      task({ title: "Quiz prep", dueDate: schoolDate(1), subject: "Biology" }),
      task({ title: "Far project", dueDate: schoolDate(30) }),
    ]);
    expect(screen.getByRole("heading", { name: "Urgent Tasks" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Your Tasks" })).toBeNull();
    expect(titlesIn(tasksCard("Urgent Tasks"))).toEqual(["Poem reading", "Quiz prep"]);
    // No due time: the row reads the day alone (decision 069); it still sorts as due at the end of the day.
    const quiz = within(tasksCard("Urgent Tasks")).getByRole("listitem", { name: "Quiz prep" });
    expect(quiz).toHaveTextContent("Tomorrow");
    expect(quiz).not.toHaveTextContent("11:59 PM");

    await waitFor(() => expect(within(scheduleCard()).getAllByRole("listitem")).toHaveLength(1));
    const today = within(scheduleCard()).getByRole("listitem");
    expect(today).toHaveTextContent("3:30 PM");
    expect(today).toHaveTextContent("Poem reading");
    expect(today).toHaveTextContent("English");
  });

  it("calls the list “Your Tasks” with only far-off tasks, earliest due first, undated last", async () => {
    await openHomeTab([
      task({ title: "Done long ago", dueDate: schoolDate(12), completed: true }),
      task({ title: "Someday reading" }),
      task({ title: "Book report", dueDate: schoolDate(10) }),
      task({ title: "Science fair", dueDate: schoolDate(20) }),
    ]);
    expect(screen.getByRole("heading", { name: "Your Tasks" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Urgent Tasks" })).toBeNull();
    expect(titlesIn(tasksCard("Your Tasks"))).toEqual(["Book report", "Science fair", "Someday reading"]);
  });

  it("shows five urgent tasks, earliest due first, and “+2 more tasks”, a link to the Tasks tab", async () => {
    const { user } = await openHomeTab([
      task({ title: "Later", dueDate: schoolDate(9) }),
      task({ title: "Urgent 3", dueDate: schoolDate(0), dueTime: "07:00" }),
      task({ title: "Urgent 5", dueDate: schoolDate(0) }),
      task({ title: "Urgent 1", dueDate: schoolDate(-3) }),
      task({ title: "Urgent 4", dueDate: schoolDate(0), dueTime: "10:00" }),
      task({ title: "Urgent 7", dueDate: schoolDate(1) }),
      task({ title: "Urgent 2", dueDate: schoolDate(-2) }),
      task({ title: "Urgent 6", dueDate: schoolDate(1), dueTime: "08:00" }),
    ]);
    const card = tasksCard("Urgent Tasks");
    expect(within(card).getAllByRole("listitem")).toHaveLength(5);
    expect(titlesIn(card)).toEqual(["Urgent 1", "Urgent 2", "Urgent 3", "Urgent 4", "Urgent 5"]);

    await user.click(within(card).getByRole("link", { name: "+2 more tasks" }));
    expect(await screen.findByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    expect(window.location.hash).toBe("#todo");
    expect(within(screen.getByRole("region", { name: "Tasks" })).getAllByRole("listitem")).toHaveLength(8);
  });

  it("takes an urgent task off the list once it is checked off, and sends the completion", async () => {
    const { user, server } = await openHomeTab([
      task({ id: 2, title: "Sign permission slip", dueDate: schoolDate(0) }),
      task({ id: 1, title: "Return library book", dueDate: schoolDate(1) }),
    ]);
    expect(titlesIn(tasksCard("Urgent Tasks"))).toEqual(["Sign permission slip", "Return library book"]);
    await user.click(screen.getByRole("checkbox", { name: "Mark Sign permission slip as completed" }));
    await waitFor(() => expect(titlesIn(tasksCard("Urgent Tasks"))).toEqual(["Return library book"]));
    expect(server.body("PUT /api/tasks/2")).toEqual({ completed: true });
  });

  it("shows a “Loading tasks” spinner until the tasks arrive", async () => {
    const rendered = await renderApp("/#home", { user: student(), now: MONDAY_10_AM });
    const answer = held();
    rendered.server.on("GET /api/tasks", async () => {
      await answer.wait;
      return [task({ title: "Slow task", dueDate: schoolDate(1) })];
    });
    const card = await screen.findByRole("region", { name: "Your Tasks" });
    expect(loadingTasks(card)).toBeVisible();
    expect(screen.queryByRole("checkbox", { name: "Mark Slow task as completed" })).toBeNull();
    answer.release();
    expect(await screen.findByRole("checkbox", { name: "Mark Slow task as completed" })).toBeVisible();
    expect(loadingTasks()).toBeUndefined();
  });
});
