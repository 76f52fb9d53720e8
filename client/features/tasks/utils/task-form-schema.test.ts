import { describe, expect, it } from "vitest";
import { inEnglish } from "@core/test/in-english";
import { EMPTY_TASK_FORM, formToRequest, taskFormSchema, type TaskFormValues } from "./task-form-schema";

function submit(values: Partial<TaskFormValues>, mode: "create" | "edit") {
  return formToRequest(taskFormSchema.parse({ ...EMPTY_TASK_FORM, ...values }), mode);
}

describe("task form → request body", () => {
  it("requires a title, with its documented message", () => {
    const result = taskFormSchema.safeParse({ ...EMPTY_TASK_FORM, title: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), inEnglish(i.message)])).toEqual([["title", "Title is required"]]);
  });

  it("trims, sends blanks as null and leaves the due date out of a create while the switch is off", () => {
    expect(submit({ title: "  Essay ", description: " ", subject: "", dueDate: "2026-11-23", dueTime: "10:00" }, "create")).toEqual({
      title: "Essay",
      description: null,
      subject: null,
      priority: "medium",
      completed: false,
      estimateMinutes: null,
      recurring: null,
    });
  });

  it("sends the due date and optional time when the switch is on", () => {
    expect(submit({ title: "Lab", hasDueDate: true, dueDate: "2026-11-23", dueTime: "" }, "create")).toMatchObject({
      dueDate: "2026-11-23",
      dueTime: null,
    });
  });

  it("clears the due date, time and reminder on an edit that turns the switch off", () => {
    expect(
      submit({ title: "Lab", hasDueDate: false, dueDate: "2026-11-23", dueTime: "09:00", reminder: "1-hour", completed: true }, "edit"),
    ).toEqual({
      title: "Lab",
      description: null,
      subject: null,
      dueDate: null,
      dueTime: null,
      reminder: null,
      priority: "medium",
      completed: true,
      estimateMinutes: null,
    });
  });

  it("sends the time needed in whole minutes, none for an empty field, and refuses what the API would (issue 51)", () => {
    expect(submit({ title: "Essay", estimateMinutes: "45" }, "create")).toMatchObject({ estimateMinutes: 45 });
    expect(submit({ title: "Essay", estimateMinutes: " " }, "edit")).toMatchObject({ estimateMinutes: null });
    for (const typed of ["4", "601", "30.5", "abc"]) {
      const result = taskFormSchema.safeParse({ ...EMPTY_TASK_FORM, title: "Essay", estimateMinutes: typed });
      expect(result.error?.issues.map((i) => [i.path.join("."), inEnglish(i.message)])).toEqual([
        ["estimateMinutes", "Time needed must be a whole number of minutes from 5 to 600, or empty"],
      ]);
    }
  });

  it("sends the Reminder choice with a due date, None as null", () => {
    expect(submit({ title: "Lab", hasDueDate: true, dueDate: "2026-11-23", reminder: "15-minutes" }, "create")).toMatchObject({
      reminder: "15-minutes",
    });
    expect(submit({ title: "Lab", hasDueDate: true, dueDate: "2026-11-23", reminder: "none" }, "edit")).toMatchObject({ reminder: null });
  });

  it("asks for a date when the switch is on without one, and rejects impossible dates", () => {
    expect(inEnglish(taskFormSchema.safeParse({ ...EMPTY_TASK_FORM, title: "x", hasDueDate: true }).error?.issues[0]?.message)).toBe(
      "Please choose a due date",
    );
    expect(taskFormSchema.safeParse({ ...EMPTY_TASK_FORM, title: "x", hasDueDate: true, dueDate: "2026-02-30" }).success).toBe(false);
  });

  it("never sends the form-only hasDueDate", () => {
    expect(submit({ title: "x", hasDueDate: true, dueDate: "2026-11-23" }, "edit")).not.toHaveProperty("hasDueDate");
  });
});
