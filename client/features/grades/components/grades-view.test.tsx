import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishOnScreen } from "@/test/english-on-screen";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { task } from "@core/test/builders";
import { findToast } from "@/test/tasks";

const CLASSES = ["Biology", "English", "History", "Art"];

/** The Grades screens (issue 53): reached from the sidebar, a class's page, its forms, "What do I need?" and what-if. */
async function openGrades(path = "/", locale: "en" | "es" = "en", width = 375) {
  const rendered = await renderApp(path, { user: student({ userClasses: CLASSES, locale }), locale, width });
  return rendered;
}

describe("the Grades view", () => {
  it("is reached from the sidebar, lists every class without grades as such, and opens a class", async () => {
    const { user } = await openGrades("/", "en", 1280);
    const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
    await user.click(within(sidebar).getByRole("link", { name: "Grades" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Grades" }, { timeout: 10_000 })).toBeVisible();
    expect(await screen.findByText("Your GPA shows once a class has grades.")).toBeVisible();
    const list = screen.getByRole("list", { name: "Grades" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(CLASSES.map((c) => `${c}No grades yet`));
    await user.click(within(list).getByRole("button", { name: /Biology/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "Biology" })).toBeVisible();
    expect(window.location.search).toBe("?class=Biology");
    expect(screen.getByText("No grades in this class yet. Add the first one.")).toBeVisible();
  });

  it("sets a class's categories, adds grades with their checks, and answers what the final needs; what-if grades are not saved", async () => {
    const { user, server } = await openGrades("/grades?class=Biology");
    await user.click(await screen.findByRole("button", { name: "Level and categories" }, { timeout: 10_000 }));
    let dialog = await screen.findByRole("dialog", { name: "Level and categories" });
    for (const [name, weight] of [
      ["Tests", "50"],
      ["Homework", "30"],
      ["Final", "20"],
    ]) {
      await user.click(within(dialog).getByRole("button", { name: "Add category" }));
      const names = within(dialog).getAllByPlaceholderText("Category");
      const weights = within(dialog).getAllByPlaceholderText("Weight");
      await user.type(names.at(-1)!, name!);
      await user.type(weights.at(-1)!, weight!);
    }
    await user.click(within(dialog).getByRole("combobox", { name: "Level" }));
    await user.click(await screen.findByRole("option", { name: "Honors" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await findToast("Saved", "");
    expect(server.body("PUT /api/user/grades/classes/Biology")).toEqual({
      level: "honors",
      categories: [
        { id: null, name: "Tests", weight: 50 },
        { id: null, name: "Homework", weight: 30 },
        { id: null, name: "Final", weight: 20 },
      ],
    });

    const addGrade = async (name: string, category: string, score: string, outOf: string) => {
      await user.click(screen.getByRole("button", { name: "Add grade" }));
      dialog = await screen.findByRole("dialog", { name: "Add grade" });
      await user.type(within(dialog).getByLabelText("Name"), name);
      await user.type(within(dialog).getByLabelText("Score"), score);
      await user.type(within(dialog).getByLabelText("Out of"), outOf);
      await user.click(within(dialog).getByRole("combobox", { name: "Category" }));
      await user.click(await screen.findByRole("option", { name: category }));
      await user.click(within(dialog).getByRole("button", { name: "Save grade" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add grade" })).toBeNull());
    };
    // Checked before anything is sent: a score that is not a number.
    await user.click(await screen.findByRole("button", { name: "Add grade" }));
    dialog = await screen.findByRole("dialog", { name: "Add grade" });
    await user.type(within(dialog).getByLabelText("Name"), "Quiz");
    await user.type(within(dialog).getByLabelText("Score"), "lots");
    await user.type(within(dialog).getByLabelText("Out of"), "10");
    await user.click(within(dialog).getByRole("button", { name: "Save grade" }));
    expect(await within(dialog).findByText(/^The score must be a number from 0 to 100.?000$/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText("Score"));
    await user.type(within(dialog).getByLabelText("Score"), "9");
    await user.click(within(dialog).getByRole("button", { name: "Save grade" }));
    expect(await within(dialog).findByText("This class has categories: pick the one this grade is in")).toBeVisible();
    expect(server.sent("POST /api/user/grades/items")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await addGrade("Unit test 1", "Tests", "45", "50");
    await addGrade("Unit test 2", "Tests", "38", "40");
    await addGrade("Worksheet", "Homework", "10", "10");
    await addGrade("Lab notes", "Homework", "8,5", "10");
    expect(server.sent("POST /api/user/grades/items").at(-1)!.body).toMatchObject({
      subject: "Biology",
      name: "Lab notes",
      score: 8.5,
      outOf: 10,
      categoryId: expect.any(Number),
    });
    // (50 × 92.22… + 30 × 92.5) / 80: 92.33.
    expect(await screen.findByText("Class average: 92.33% · A · Honors")).toBeVisible();

    const need = screen.getByRole("heading", { level: 2, name: "What do I need?" }).closest("[data-slot=card]") as HTMLElement;
    // The final counts once it has a grade: (80 × 92.33… + 20 × f) / 100 rounds to 90.00 from f = 80.67.
    expect(within(need).getByRole("status")).toHaveTextContent("You need 80.67 / 100 on your next Final grade for an A.");
    await user.click(within(need).getByRole("combobox", { name: "For" }));
    await user.click(await screen.findByRole("option", { name: "D (60% or more)" }));
    expect(within(need).getByRole("status")).toHaveTextContent("You are there: even 0 / 100 keeps the class at D or above.");
    const whatIf = screen.getByRole("heading", { level: 2, name: "What if?" }).closest("[data-slot=card]") as HTMLElement;
    await user.type(within(whatIf).getByLabelText("Score"), "20");
    await user.click(within(whatIf).getByRole("button", { name: "Add a what-if grade" }));
    // Tests at 103 / 190 = 54.21 %: (50 × 54.21 + 30 × 92.5) / 80.
    expect(within(whatIf).getByRole("status")).toHaveTextContent("With these: 68.57% · D");
    expect(within(whatIf).getByRole("list", { name: "What if?" })).toHaveTextContent("What-if 1 · Tests20 / 100");
    expect(server.sent("POST /api/user/grades/items")).toHaveLength(4);
    // Leaving the class discards them.
    await user.click(screen.getByRole("button", { name: "All grades" }));
    await user.click(await screen.findByRole("button", { name: /Biology/ }));
    await screen.findByRole("heading", { level: 2, name: "Biology" });
    expect(screen.queryByRole("list", { name: "What if?" })).toBeNull();
  });

  it("asks what the next grade needs in one line, and says when it is out of reach", async () => {
    const { user, server } = await openGrades("/grades?class=English");
    server.gradeRecords.push({
      subject: "English",
      level: "regular",
      categories: [],
      items: [{ id: 1, name: "Essay", categoryId: null, score: 170, outOf: 200, date: "2026-11-20" }],
    });
    const need = (await screen.findByRole("heading", { level: 2, name: "What do I need?" }, { timeout: 10_000 })).closest(
      "[data-slot=card]",
    ) as HTMLElement;
    await waitFor(() => expect(within(need).getByRole("status")).toHaveTextContent("You need 99.99 / 100 on your next grade for an A."));
    await user.click(within(need).getByRole("combobox", { name: "For" }));
    await user.click(await screen.findByRole("option", { name: "B (80% or more)" }));
    expect(within(need).getByRole("status")).toHaveTextContent("You need 69.99 / 100 on your next grade for a B.");
    await user.clear(within(need).getByLabelText("Out of"));
    await user.type(within(need).getByLabelText("Out of"), "5");
    await user.click(within(need).getByRole("combobox", { name: "For" }));
    await user.click(await screen.findByRole("option", { name: "A (90% or more)" }));
    expect(within(need).getByRole("status")).toHaveTextContent("Out of reach with one grade: full marks would bring the class to 85.37%.");
  });

  it("opens Add grade filled in when it comes from a task or an exam, once", async () => {
    await openGrades("/grades?class=History&add=1&name=Unit%203%20exam&date=2026-11-18");
    const dialog = await screen.findByRole("dialog", { name: "Add grade" }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Unit 3 exam");
    expect(within(dialog).getByRole("button", { name: /Nov 18, 2026/ })).toBeVisible();
    expect(window.location.search).toBe("?class=History");
  });

  it("takes a completed task's name, class and date to Add grade", async () => {
    const { user, server } = await openGrades("/#todo", "en", 1280);
    server.answer("GET /api/tasks", [
      task({ id: 7, title: "Lab report", subject: "Biology", dueDate: "2026-11-18", completed: true }),
      task({ id: 8, title: "Reading log", subject: "English", dueDate: "2026-11-19" }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Edit Reading log" }, { timeout: 10_000 }));
    let dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    // Not done yet: nothing to grade.
    expect(within(dialog).queryByRole("link", { name: "Add its grade" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Completed (1)" }));
    await user.click(await screen.findByRole("button", { name: "Edit Lab report" }));
    dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    await user.click(within(dialog).getByRole("link", { name: "Add its grade" }));
    const add = await screen.findByRole("dialog", { name: "Add grade" }, { timeout: 10_000 });
    expect(within(add).getByLabelText("Name")).toHaveValue("Lab report");
    expect(screen.getByRole("heading", { level: 2, name: "Biology", hidden: true })).toBeInTheDocument();
  });

  it("reads in Spanish, numbers as Spanish writes them", async () => {
    const { server } = await openGrades("/grades", "es");
    server.gradeRecords.push({
      subject: "Biology",
      level: "ap",
      categories: [],
      items: [{ id: 1, name: "Examen", categoryId: null, score: 8.5, outOf: 10, date: "2026-11-20" }],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Calificaciones" }, { timeout: 10_000 })).toBeVisible();
    expect(await screen.findByText("85 % · B")).toBeVisible();
    expect(screen.getByText("Sin ponderar")).toBeVisible();
    expect(screen.getByText("3")).toBeVisible();
    expect(screen.getByText("4")).toBeVisible();
    expect(englishOnScreen(["Biology", "English", "History", "Art", "GPA", "AP"])).toEqual([]);
  });
});
