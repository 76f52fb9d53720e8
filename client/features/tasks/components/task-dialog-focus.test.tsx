import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Task } from "@core/api-types";
import { task } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast, loadingTasks, loadTaskScreens, pretendDisplayed, quickUser, titlesIn } from "@/test/tasks";

// Moved from e2e/focus-return.spec.ts (docs/decisions/120): closing a task dialog puts the
// keyboard focus back on the control that opened it, or on a neighbour when that control is gone
// (docs/product.md#dialogs-and-focus).

vi.mock("@/features/tasks/hooks/confetti", () => ({ fireCompletionConfetti: vi.fn() }));
afterEach(() => vi.clearAllMocks());
beforeAll(loadTaskScreens);
pretendDisplayed();

async function openTasksTab(tasks: Task[] = []) {
  const rendered = await renderApp("/#todo", { user: student() });
  rendered.server.tasks = tasks;
  await screen.findByRole("heading", { name: "Assignment To-Do List" });
  await waitFor(() => expect(loadingTasks()).toBeUndefined());
  return { ...rendered, user: quickUser() };
}

const addTaskButton = () => within(screen.getByRole("tabpanel", { name: "Tasks" })).getByRole("button", { name: "Add Task" });
const closed = (dialog: HTMLElement) => waitFor(() => expect(dialog).not.toBeInTheDocument());

async function deleteFromEdit(user: ReturnType<typeof quickUser>, title: string) {
  await user.click(screen.getByRole("button", { name: `Edit ${title}` }));
  const form = await screen.findByRole("dialog", { name: "Edit Task" });
  await user.click(within(form).getByRole("button", { name: "Delete" }));
  const question = await screen.findByRole("alertdialog", { name: "Delete Task" });
  await user.click(within(question).getByRole("button", { name: "Delete" }));
  await findToast("Success", "Task deleted successfully");
  await closed(form);
}

describe("focus after a task dialog closes", () => {
  it("Add Task gives the focus back to Add Task after Escape, Cancel and a save", async () => {
    const { user } = await openTasksTab();
    const opener = addTaskButton();

    await user.click(opener);
    let form = await screen.findByRole("dialog", { name: "Add Task" });
    await user.keyboard("{Escape}");
    await closed(form);
    expect(opener).toHaveFocus();

    await user.click(opener);
    form = await screen.findByRole("dialog", { name: "Add Task" });
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await closed(form);
    expect(opener).toHaveFocus();

    await user.click(opener);
    form = await screen.findByRole("dialog", { name: "Add Task" });
    await user.type(within(form).getByRole("textbox", { name: "Task Title" }), "Read chapter 5");
    await user.click(within(form).getByRole("button", { name: "Add Task" }));
    await findToast("Success", "Task created successfully");
    await closed(form);
    expect(opener).toHaveFocus();
  });

  it("Edit Task closed with Escape gives the focus back to the row's Edit button", async () => {
    const { user } = await openTasksTab([task({ title: "Lab report" }), task({ title: "Essay outline" })]);
    const edit = screen.getByRole("button", { name: "Edit Lab report" });
    await user.click(edit);
    const form = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(form).getByRole("textbox", { name: "Task Title" })).toHaveValue("Lab report");
    await user.keyboard("{Escape}");
    await closed(form);
    expect(edit).toHaveFocus();
  });

  it("after a task is deleted from Edit Task, the focus lands on the next row", async () => {
    const { user } = await openTasksTab([
      task({ title: "Math worksheet" }),
      task({ title: "Lab report" }),
      task({ title: "Essay outline" }),
    ]);
    const list = screen.getByRole("region", { name: "Tasks" });
    expect(titlesIn(list)).toEqual(["Math worksheet", "Lab report", "Essay outline"]);
    await deleteFromEdit(user, "Lab report");
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Mark Essay outline as completed" })).toHaveFocus());
    expect(within(list).queryByRole("listitem", { name: "Lab report" })).toBeNull();
  });

  it("after the only task is deleted, the focus lands on Add Your First Task", async () => {
    const { user } = await openTasksTab([task({ title: "Lab report" })]);
    await deleteFromEdit(user, "Lab report");
    expect(await screen.findByText("No tasks yet")).toBeVisible();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add Your First Task" })).toHaveFocus());
  });

  it("the delete question's Cancel gives the focus back to Delete in Edit Task", async () => {
    const { user } = await openTasksTab([task({ title: "Lab report" })]);
    await user.click(screen.getByRole("button", { name: "Edit Lab report" }));
    const form = await screen.findByRole("dialog", { name: "Edit Task" });
    const remove = within(form).getByRole("button", { name: "Delete" });
    await user.click(remove);
    const question = await screen.findByRole("alertdialog", { name: "Delete Task" });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await closed(question);
    expect(remove).toHaveFocus();
  });
});
