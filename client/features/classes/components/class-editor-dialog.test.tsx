import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeServer, student } from "@/test/fake-server";
import { answerClassRoutes, className, classSetupDrafts, findGreeting, leavePage, period, periodCount } from "@/test/classes";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// Moved from e2e/classes.spec.ts (docs/decisions/120): the class editor's rules, messages, focus
// and what it sends. The browser keeps the first setup's journey (saved, then offered in the task
// dialog, not asked again), the 320 px phone and the axe scan.

const THE_SCHEDULE = [
  "Health (Semester 1)",
  "Driver Ed (Semester 2)",
  "Biology (Double Block)",
  "English",
  "Lunch",
  "World History",
  "Art",
  "Spanish",
];

/** A student with no classes yet on the dashboard, "Complete Your Setup" open by itself. */
async function newStudent(server = answerClassRoutes(new FakeServer()), user = student({ userClasses: [] })) {
  const rendered = await renderApp("/", { server, user });
  const dialog = await screen.findByRole("dialog", { name: "Complete Your Setup" });
  return { ...rendered, dialog };
}

/** Types each name into its period's name field (a field is cleared first). */
async function fillPeriods(user: Awaited<ReturnType<typeof newStudent>>["user"], dialog: HTMLElement, names: Record<number, string>) {
  for (const [n, name] of Object.entries(names)) {
    const field = className(dialog, Number(n));
    await user.clear(field);
    if (name) await user.type(field, name);
  }
}

const classRequests = (server: FakeServer) => server.requests.filter((request) => request.path === "/api/user/classes");

describe("Complete Your Setup", () => {
  it("opens by itself with 8 periods, the first name focused; a semester pair, a double block and lunch are sent as one list", async () => {
    const { user, server, dialog } = await newStudent();
    expect(within(dialog).getByRole("heading", { name: "Complete Your Setup" })).toBeVisible();
    expect(periodCount(dialog)).toBe(8);
    await waitFor(() => expect(className(dialog, 1)).toHaveFocus());

    const semester = within(period(dialog, 1)).getByRole("switch", { name: "Semester" });
    await user.click(semester);
    expect(semester).toBeChecked();
    await user.type(within(period(dialog, 1)).getByRole("textbox", { name: "Semester 1" }), "Health");
    await user.type(within(period(dialog, 1)).getByRole("textbox", { name: "Semester 2" }), "Driver Ed");

    await fillPeriods(user, dialog, { 2: "Biology", 3: "Will be covered" });
    const double = within(period(dialog, 2)).getByRole("button", { name: "Double Block" });
    await user.click(double);
    expect(double).toHaveAttribute("aria-pressed", "true");
    expect(period(dialog, 3)).toHaveTextContent("Period 3 occupied by double block");
    expect(within(period(dialog, 3)).queryByRole("textbox")).toBeNull();

    await fillPeriods(user, dialog, { 4: "English", 6: "World History", 7: "Art", 8: "Spanish" });
    const lunch = within(period(dialog, 5)).getByRole("button", { name: "Set as Lunch" });
    await user.click(lunch);
    expect(className(dialog, 5)).toHaveValue("Lunch");
    expect(lunch).toHaveAttribute("aria-pressed", "true");

    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    await findToast("Success!", "Your classes have been saved successfully.");
    expect(server.body("POST /api/user/classes")).toEqual({ userClasses: THE_SCHEDULE });
    // Then the School Day step, which can be skipped; the draft is gone.
    const step = await screen.findByRole("dialog", { name: "School Day" });
    await user.click(within(step).getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(classSetupDrafts()).toEqual([]);
  });

  it("keeps a draft through a reload and shows it exactly as left, with nothing saved", async () => {
    const { user, server, dialog } = await newStudent();
    await fillPeriods(user, dialog, { 1: "Algebra", 2: "Chemistry" });
    await user.click(within(period(dialog, 2)).getByRole("button", { name: "Triple Block" }));
    await user.click(within(period(dialog, 7)).getByRole("switch", { name: "Semester" }));
    await user.type(within(period(dialog, 7)).getByRole("textbox", { name: "Semester 2" }), "Ceramics");

    leavePage();
    const { dialog: again } = await newStudent(server, server.user!);
    expect(className(again, 1)).toHaveValue("Algebra");
    expect(className(again, 2)).toHaveValue("Chemistry");
    expect(within(period(again, 2)).getByRole("button", { name: "Triple Block" })).toHaveAttribute("aria-pressed", "true");
    expect(period(again, 4)).toHaveTextContent("Period 4 occupied by triple block");
    expect(within(period(again, 7)).getByRole("textbox", { name: "Semester 2" })).toHaveValue("Ceramics");
    expect(classRequests(server)).toEqual([]);
  });

  it("refuses fewer than 6 classes, then duplicates, with the messages and the focus on the fix, sending nothing", async () => {
    const { user, server, dialog } = await newStudent();
    await fillPeriods(user, dialog, { 1: "Algebra", 2: "Biology", 3: "Chemistry", 4: "English", 5: "History" });
    const save = within(dialog).getByRole("button", { name: "Save Classes" });
    await user.click(save);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please add at least 6 classes to create your schedule");
    // Focus goes where the fix is: the first empty period.
    expect(className(dialog, 6)).toHaveFocus();

    await user.type(className(dialog, 6), "algebra ");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please remove duplicate class names.");
    expect(className(dialog, 1)).toHaveAttribute("aria-invalid", "true");
    expect(className(dialog, 6)).toHaveAttribute("aria-invalid", "true");
    expect(className(dialog, 6)).toHaveAccessibleDescription("Please remove duplicate class names.");
    expect(className(dialog, 2)).toHaveAttribute("aria-invalid", "false");
    await user.click(save);
    expect(className(dialog, 1)).toHaveFocus();
    expect(dialog).toBeVisible();
    expect(classRequests(server)).toEqual([]);

    await fillPeriods(user, dialog, { 6: "Spanish" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent("");
    await user.click(save);
    await findToast("Success!", "Your classes have been saved successfully.");
    expect(server.body("POST /api/user/classes")).toEqual({
      userClasses: ["Algebra", "Biology", "Chemistry", "English", "History", "Spanish"],
    });
  });

  it("loses nothing to a session that expired while typing: the toast says so, and the draft is back after signing in", async () => {
    const { user, server, dialog } = await newStudent();
    await fillPeriods(user, dialog, { 1: "Algebra", 2: "Biology", 3: "Chemistry", 4: "English", 5: "History", 6: "Spanish" });
    await user.click(within(period(dialog, 2)).getByRole("button", { name: "Double Block" }));
    await user.type(className(dialog, 7), "Art");

    const maya = server.user!;
    server.user = null;
    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    await findToast("Error", "Session expired. Your classes are kept: sign in again to save them.");

    // The app leaves for /auth (a page load: the browser suite's "a session ended elsewhere" follows it).
    leavePage();
    server.on("POST /api/auth/login", () => {
      server.user = maya;
      return maya;
    });
    const { user: person } = await renderApp("/auth", { server });
    await person.type(await screen.findByLabelText("Email"), maya.email);
    await person.type(screen.getByLabelText("Password", { exact: true }), "Str0ng!Passw0rd");
    await person.click(screen.getByRole("button", { name: "Sign In" }));
    const again = await screen.findByRole("dialog", { name: "Complete Your Setup" });
    expect(className(again, 2)).toHaveValue("Biology");
    expect(period(again, 3)).toHaveTextContent("Period 3 occupied by double block");
    await person.click(within(again).getByRole("button", { name: "Save Classes" }));
    await findToast("Success!", "Your classes have been saved successfully.");
    expect(server.sent("POST /api/user/classes").at(-1)?.body).toEqual({
      userClasses: ["Algebra", "Biology (Double Block)", "English", "History", "Spanish", "Art"],
    });
  });

  it("never shows a draft to another student on the same computer, nor lets them overwrite it", async () => {
    const { user, server, dialog } = await newStudent();
    const maya = server.user!;
    await fillPeriods(user, dialog, { 1: "Private Tutoring" });

    leavePage();
    const { dialog: theirs } = await newStudent(
      answerClassRoutes(new FakeServer()),
      student({ id: 2, email: "sam@example.com", userClasses: [] }),
    );
    expect(className(theirs, 1)).toHaveValue("");

    leavePage();
    const { dialog: hers } = await newStudent(server, maya);
    expect(className(hers, 1)).toHaveValue("Private Tutoring");
  });

  it("adds periods up to 12, removes from the 7th on, and lets no block run past the last period", async () => {
    const { user, dialog } = await newStudent();
    const add = within(dialog).getByRole("button", { name: "Add Another Class" });
    for (let n = 9; n <= 12; n++) {
      await user.click(add);
      expect(periodCount(dialog)).toBe(n);
      // The new period's name field takes the focus.
      await waitFor(() => expect(className(dialog, n)).toHaveFocus());
    }
    expect(within(dialog).queryByRole("button", { name: "Add Another Class" })).toBeNull();

    for (let n = 1; n <= 6; n++) expect(within(period(dialog, n)).queryByRole("button", { name: /^Remove period/ })).toBeNull();
    for (let n = 7; n <= 12; n++) expect(within(period(dialog, n)).getByRole("button", { name: `Remove period ${n}` })).toBeVisible();

    // Unavailable, yet focusable: aria-disabled, described by why.
    const triple = within(period(dialog, 11)).getByRole("button", { name: "Triple Block" });
    expect(triple).toHaveAttribute("aria-disabled", "true");
    expect(triple).toHaveAccessibleDescription("A triple block can't run past the last period.");
    await user.click(triple);
    expect(triple).toHaveAttribute("aria-pressed", "false");
    expect(within(period(dialog, 12)).getByRole("textbox")).toBeVisible();

    await user.click(within(period(dialog, 12)).getByRole("button", { name: "Remove period 12" }));
    expect(periodCount(dialog)).toBe(11);
    expect(within(dialog).getByRole("button", { name: "Add Another Class" })).toBeVisible();

    await fillPeriods(user, dialog, { 7: "Seventh", 8: "Eighth" });
    await user.click(within(period(dialog, 7)).getByRole("button", { name: "Remove period 7" }));
    expect(className(dialog, 7)).toHaveValue("Eighth");
    await waitFor(() => expect(className(dialog, 7)).toHaveFocus());
    while (periodCount(dialog) > 6) await user.click(within(period(dialog, 7)).getByRole("button", { name: "Remove period 7" }));
    expect(within(dialog).queryByRole("button", { name: /^Remove period/ })).toBeNull();
    // Lunch needs more than 6 periods.
    expect(within(dialog).queryByRole("button", { name: "Set as Lunch" })).toBeNull();
  });

  it("gives the covered periods back what they held when a block is turned off, one span at a time", async () => {
    const { user, dialog } = await newStudent();
    await fillPeriods(user, dialog, { 3: "Chemistry", 4: "English", 5: "History" });
    const triple = within(period(dialog, 3)).getByRole("button", { name: "Triple Block" });
    await user.click(triple);
    expect(period(dialog, 4)).toHaveTextContent("Period 4 occupied by triple block");
    expect(period(dialog, 5)).toHaveTextContent("Period 5 occupied by triple block");
    // One span at a time: Double replaces Triple.
    const double = within(period(dialog, 3)).getByRole("button", { name: "Double Block" });
    await user.click(double);
    expect(triple).toHaveAttribute("aria-pressed", "false");
    expect(className(dialog, 5)).toHaveValue("History");
    await user.click(double);
    expect(className(dialog, 4)).toHaveValue("English");
  });

  it("goes on to the next period's name on Enter, past a covered one, and to Add Another Class after the last: Enter never saves", async () => {
    const { user, server, dialog } = await newStudent();
    await user.type(className(dialog, 2), "Biology");
    await user.click(within(period(dialog, 2)).getByRole("button", { name: "Double Block" }));
    await user.click(className(dialog, 2));
    await user.keyboard("{Enter}");
    expect(className(dialog, 4)).toHaveFocus();
    for (const [n, name] of [
      [4, "English"],
      [5, "World History"],
      [6, "Spanish"],
      [7, "Art"],
    ] as const) {
      expect(className(dialog, n)).toHaveFocus();
      await user.keyboard(`${name}{Enter}`);
    }
    await user.keyboard("Music{Enter}");
    expect(within(dialog).getByRole("button", { name: "Add Another Class" })).toHaveFocus();
    expect(periodCount(dialog)).toBe(8);
    expect(classRequests(server)).toEqual([]);
  });
});

describe("Edit Classes from Settings", () => {
  it("opens prefilled exactly as saved, saves unchanged as the same list, and refuses fewer than 4 classes before a PUT", async () => {
    const server = answerClassRoutes(new FakeServer());
    const { user } = await renderApp("/", { server, user: student({ userClasses: THE_SCHEDULE }) });
    await findGreeting();
    expect(screen.queryByRole("dialog", { name: "Complete Your Setup" })).toBeNull();

    const openEditor = async () => {
      await user.click(within(screen.getByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" }));
      await user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "Edit Classes" }));
      return screen.findByRole("dialog", { name: "Edit Classes" });
    };
    const skipSchoolDay = async () => {
      const step = await screen.findByRole("dialog", { name: "School Day" });
      await user.click(within(step).getByRole("button", { name: "Skip" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "School Day" })).toBeNull());
    };

    let dialog = await openEditor();
    expect(within(period(dialog, 1)).getByRole("textbox", { name: "Semester 1" })).toHaveValue("Health");
    expect(within(period(dialog, 1)).getByRole("textbox", { name: "Semester 2" })).toHaveValue("Driver Ed");
    expect(className(dialog, 2)).toHaveValue("Biology");
    expect(within(period(dialog, 2)).getByRole("button", { name: "Double Block" })).toHaveAttribute("aria-pressed", "true");
    expect(period(dialog, 3)).toHaveTextContent("Period 3 occupied by double block");
    expect(className(dialog, 4)).toHaveValue("English");
    expect(within(period(dialog, 5)).getByRole("button", { name: "Set as Lunch" })).toHaveAttribute("aria-pressed", "true");
    expect(className(dialog, 8)).toHaveValue("Spanish");

    // Saved unchanged, it is the same list: the editor reads back exactly what it writes.
    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    await findToast("Success!", "Your classes have been updated successfully.");
    expect(server.body("PUT /api/user/classes")).toEqual({ userClasses: THE_SCHEDULE });
    await skipSchoolDay();

    dialog = await openEditor();
    await fillPeriods(user, dialog, { 2: "", 4: "", 6: "", 7: "", 8: "" });
    const semester = within(period(dialog, 1)).getByRole("switch", { name: "Semester" });
    await user.click(semester);
    expect(semester).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please add at least 4 classes to update your schedule");
    expect(server.sent("PUT /api/user/classes")).toHaveLength(1);

    await fillPeriods(user, dialog, { 2: "Physics", 4: "Geometry", 6: "Latin" });
    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    await findToast("Success!", "Your classes have been updated successfully.");
    await skipSchoolDay();
    expect(classRequests(server).map((request) => request.method)).toEqual(["PUT", "PUT"]);
    expect(server.sent("PUT /api/user/classes")[1]?.body).toEqual({
      userClasses: ["Health", "Physics (Double Block)", "Geometry", "Lunch", "Latin"],
    });
  });

  it("says an edit made after the session ended must be saved again after signing in", async () => {
    const server = answerClassRoutes(new FakeServer());
    const { user } = await renderApp("/", { server, user: student({ userClasses: THE_SCHEDULE }) });
    await user.click(within(await screen.findByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "Edit Classes" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Classes" });
    server.user = null;
    await user.click(within(dialog).getByRole("button", { name: "Save Classes" }));
    await findToast("Error", "Session expired. Please sign in again and save your changes.");
    expect(server.sent("PUT /api/user/classes")).toHaveLength(1);
  });
});
