import { describe, expect, it } from "vitest";
import { duplicateClassKeys, parseUserClasses, periodsFilled, scheduledClassNames } from "../classes";
import { inEnglish } from "../test/in-english";
import { createClassesSchema, tooFewClassesMessage, updateClassesSchema } from "./classes";

describe("what counts as a class", () => {
  it.each([
    [
      ["A", "B (Double Block)", "Lunch", "C (Semester 1)", "D (Semester 2)"],
      ["A", "B", "C", "D"],
    ],
    [["lunch", "LUNCH", "  Lunch  "], []],
    [["Art (Triple Block)"], ["Art"]],
  ])("%j → %j", (classes, names) => {
    expect(scheduledClassNames(parseUserClasses(classes))).toEqual(names);
  });

  it.each([
    [["Art", "art"], ["art"]],
    [["AP  Biology", " ap biology "], ["ap biology"]],
    [["Art (Double Block)", "Art"], ["art"]],
    [["Art (Semester 1)", "Art (Semester 2)"], ["art"]],
    [["Lunch", "Lunch", "Art"], []],
    [["Art", "Art History", "Music"], []],
  ])("duplicates of %j: %j", (classes, keys) => {
    expect([...duplicateClassKeys(parseUserClasses(classes))]).toEqual(keys);
  });

  it.each([
    [[], 0],
    [["A"], 1],
    [["A", "B (Triple Block)"], 4],
    [["A (Semester 1)", "B (Semester 2)", "C (Double Block)"], 3],
  ])("%j fills %i periods", (classes, periods) => {
    expect(periodsFilled(parseUserClasses(classes))).toBe(periods);
  });
});

describe("the save schemas", () => {
  it("say create on the first setup and update on an edit", () => {
    expect(inEnglish(tooFewClassesMessage("create"))).toBe("Please add at least 6 classes to create your schedule");
    expect(inEnglish(tooFewClassesMessage("update"))).toBe("Please add at least 4 classes to update your schedule");
  });

  it("the same 5 classes pass an edit and fail the first setup", () => {
    const body = { userClasses: ["A", "B", "C", "D", "E"] };
    expect(updateClassesSchema.safeParse(body).success).toBe(true);
    const first = createClassesSchema.safeParse(body);
    expect(first.success).toBe(false);
    expect(first.error?.issues[0]).toMatchObject({ path: ["userClasses"], message: tooFewClassesMessage("create") });
  });

  it("hand back the list trimmed, blanks dropped, suffixes kept", () => {
    const parsed = updateClassesSchema.parse({ userClasses: [" A ", "", "B (Double Block)", "C (Semester 1)", "D (Semester 2)"] });
    expect(parsed.userClasses).toEqual(["A", "B (Double Block)", "C (Semester 1)", "D (Semester 2)"]);
  });
});
