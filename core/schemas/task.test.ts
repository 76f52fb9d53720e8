import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors";
import { inEnglish } from "../test/in-english";
import { createTaskSchema, updateTaskSchema } from "./task";

function firstError(value: unknown, field: string) {
  const result = createTaskSchema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error)[field]?.[0];
}

describe("task schemas", () => {
  it("fills the defaults and turns blanks into null", () => {
    expect(createTaskSchema.parse({ title: " Essay ", description: "", subject: "  ", dueTime: "", recurring: "none" })).toEqual({
      title: "Essay",
      description: null,
      subject: null,
      dueDate: null,
      dueTime: null,
      priority: "medium",
      recurring: null,
      completed: false,
      reminder: null,
      estimateMinutes: null,
    });
  });

  it("drops unknown fields", () => {
    expect(createTaskSchema.parse({ title: "x", userId: 7, id: 3 })).not.toHaveProperty("userId");
  });

  it.each([
    [{}, "title", "Title is required"],
    [{ title: "  " }, "title", "Title is required"],
    [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
    [{ title: "x", description: "d".repeat(5001) }, "description", "Description must be at most 5000 characters"],
    [{ title: "x", subject: "s".repeat(101) }, "subject", "Subject must be at most 100 characters"],
    [{ title: "x", dueDate: "2026-13-01" }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
    [{ title: "x", dueDate: "2026-04-31" }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
    [{ title: "x", dueDate: "2026-4-1" }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
    [{ title: "x", dueTime: "9:30" }, "dueTime", "Due time must be a time in HH:mm format"],
    [{ title: "x", dueTime: "24:00" }, "dueTime", "Due time must be a time in HH:mm format"],
    [{ title: "x", priority: "urgent" }, "priority", "Priority must be low, medium or high"],
    [{ title: "x", completed: 1 }, "completed", "Completed must be true or false"],
  ])("%j → %s: %s", (value, field, message) => {
    expect(inEnglish(firstError(value, field))).toBe(message);
  });

  it("refers to its messages by id, with their values, for the reader's language to word (decision 108)", () => {
    expect(firstError({}, "title")).toBe("tasks.title_required");
    expect(firstError({ title: "x".repeat(201) }, "title")).toBe('tasks.title_too_long {"max":200}');
  });

  it("accepts month ends and leap days", () => {
    for (const dueDate of ["2026-01-31", "2028-02-29", "2026-12-31"])
      expect(createTaskSchema.safeParse({ title: "x", dueDate }).success).toBe(true);
    expect(createTaskSchema.safeParse({ title: "x", dueDate: "2100-02-29" }).success).toBe(false);
  });

  it("keeps only the fields present in an update, with no defaults", () => {
    expect(updateTaskSchema.parse({ completed: true })).toEqual({ completed: true });
    expect(updateTaskSchema.parse({ dueDate: null, subject: "" })).toEqual({ dueDate: null, subject: null });
    expect(updateTaskSchema.safeParse({ title: "" }).success).toBe(false);
  });
});
