import { describe, expect, it } from "vitest";
import { inEnglish } from "@core/test/in-english";
import { schemaResolver } from "@/components/form/schema-resolver";
import {
  addPeriod,
  canAddPeriod,
  canRemovePeriod,
  classEditorFieldOf,
  classEditorSchema,
  coveringBlock,
  EMPTY_ROW,
  emptyRows,
  hasLunchToggle,
  hasSemesterToggle,
  isLunchRow,
  type PeriodRow,
  removePeriod,
  renamesBetween,
  rowsFromUserClasses,
  semesterUnavailableReason,
  setName,
  setSemester,
  spanUnavailableReason,
  toggleLunch,
  toggleSpan,
  userClassesFromRows,
  validateRows,
} from "./class-editor-state";

/** Rows named "P1", "P2", … so that what a row holds can be followed through every change. */
function namedRows(count: number): PeriodRow[] {
  return emptyRows(count).map((row, i) => ({ ...row, name: `P${i + 1}` }));
}

/** What the editor shows: a covered row only as covered, a full-year row without its hidden second name. */
function shown(rows: readonly PeriodRow[]) {
  return rows.map((row, i) => {
    const block = coveringBlock(rows, i);
    if (block) return `covered by period ${block.index + 1}`;
    return { name: row.name, secondName: row.semester ? row.secondName : "", semester: row.semester, span: row.span };
  });
}

describe("blocks", () => {
  it.each([
    [2, [3]],
    [3, [3, 4]],
  ] as const)("a span of %i on period 2 covers periods %j, and turning it off gives them back", (span, covered) => {
    const rows = namedRows(8);
    const on = toggleSpan(rows, 1, span);
    expect(on[1]!.span).toBe(span);
    for (let i = 0; i < 8; i++) {
      const expected = (covered as readonly number[]).includes(i + 1) ? { index: 1, span } : null;
      expect(coveringBlock(on, i), `period ${i + 1}`).toEqual(expected);
    }
    const off = toggleSpan(on, 1, span);
    expect(shown(off)).toEqual(shown(rows));
  });

  it("switching Double to Triple changes the span at once (one span per period)", () => {
    const rows = toggleSpan(toggleSpan(namedRows(8), 0, 2), 0, 3);
    expect(rows[0]!.span).toBe(3);
    expect([1, 2].map((i) => coveringBlock(rows, i)?.index)).toEqual([0, 0]);
    expect(coveringBlock(rows, 3)).toBeNull();
    const back = toggleSpan(rows, 0, 2);
    expect(back[0]!.span).toBe(2);
    expect(coveringBlock(back, 2)).toBeNull();
    expect(back[2]!.name).toBe("P3");
  });

  it.each([
    // rows, period, span, reason (null: available)
    [8, 7, 2, null],
    [8, 7, 3, "A triple block can't run past the last period."],
    [8, 8, 2, "A double block can't run past the last period."],
    [8, 8, 3, "A triple block can't run past the last period."],
    [6, 5, 2, null],
    [6, 5, 3, "A triple block can't run past the last period."],
    [12, 10, 3, null],
    [12, 11, 3, "A triple block can't run past the last period."],
    [12, 11, 2, null],
  ] as const)("with %i periods, a span of %i+%i: %s", (count, period, span, reason) => {
    const rows = namedRows(count);
    expect(inEnglish(spanUnavailableReason(rows, period - 1, span) ?? undefined) ?? null).toBe(reason);
    const after = toggleSpan(rows, period - 1, span);
    expect(after[period - 1]!.span).toBe(reason ? 1 : span);
  });

  it("a block cannot start over a period that starts another block", () => {
    const rows = toggleSpan(namedRows(8), 2, 2);
    expect(inEnglish(spanUnavailableReason(rows, 1, 2)!)).toBe("Period 3 starts another block.");
    expect(inEnglish(spanUnavailableReason(rows, 0, 3)!)).toBe("Period 3 starts another block.");
    expect(spanUnavailableReason(rows, 0, 2)).toBeNull();
    expect(toggleSpan(rows, 1, 2)).toEqual(rows);
  });

  it("a covered period has no block of its own", () => {
    const rows = toggleSpan(namedRows(8), 0, 3);
    expect(toggleSpan(rows, 1, 2)).toEqual(rows);
    expect(toggleLunch(rows, 1)).toEqual(rows);
    expect(setSemester(rows, 1, true)).toEqual(rows);
  });

  it("a covered period keeps what it held, even a semester pair, and shows it again", () => {
    let rows = setSemester(namedRows(8), 6, true);
    rows = setName(rows, 6, "secondName", "Art");
    rows = toggleSpan(rows, 5, 2);
    expect(coveringBlock(rows, 6)).toEqual({ index: 5, span: 2 });
    expect(userClassesFromRows(rows)).not.toContain("Art (Semester 2)");
    rows = toggleSpan(rows, 5, 2);
    expect(userClassesFromRows(rows)).toContain("Art (Semester 2)");
  });
});

describe("Semester / Full Year", () => {
  it.each([
    [1, true],
    [2, false],
    [6, false],
    [7, true],
    [8, true],
    [9, false],
  ])("period %i has the toggle: %s", (period, expected) => {
    expect(hasSemesterToggle(namedRows(12), period - 1)).toBe(expected);
  });

  it("switches between one name and two, keeping the second name for switching back", () => {
    let rows = setSemester(namedRows(8), 0, true);
    rows = setName(rows, 0, "secondName", "Driver Ed");
    expect(userClassesFromRows(rows).slice(0, 2)).toEqual(["P1 (Semester 1)", "Driver Ed (Semester 2)"]);
    rows = setSemester(rows, 0, false);
    expect(userClassesFromRows(rows)[0]).toBe("P1");
    expect(userClassesFromRows(rows)).not.toContain("Driver Ed (Semester 2)");
    rows = setSemester(rows, 0, true);
    expect(rows[0]!.secondName).toBe("Driver Ed");
  });

  it("a semester pair and a block exclude each other, each saying why", () => {
    const semester = setSemester(namedRows(8), 0, true);
    expect(inEnglish(spanUnavailableReason(semester, 0, 2)!)).toBe("A semester class fills one period: switch it to Full Year first.");
    expect(toggleSpan(semester, 0, 2)[0]!.span).toBe(1);
    const block = toggleSpan(namedRows(8), 6, 2);
    expect(inEnglish(semesterUnavailableReason(block, 6)!)).toBe("A double block can't be split into semesters: turn the block off first.");
    expect(setSemester(block, 6, true)[6]!.semester).toBe(false);
  });

  it("a stored semester pair outside periods 1, 7 and 8 keeps its toggle so it can be undone", () => {
    const rows = rowsFromUserClasses(["A", "B", "Health (Semester 1)", "Art (Semester 2)"]);
    expect(hasSemesterToggle(rows, 2)).toBe(true);
    expect(hasSemesterToggle(rows, 1)).toBe(false);
  });
});

describe("Set as Lunch", () => {
  it.each([
    [8, 3, false],
    [8, 4, true],
    [8, 5, true],
    [8, 6, true],
    [8, 7, false],
    [7, 4, true],
    [6, 4, false],
    [6, 6, false],
  ])("with %i periods, period %i has the toggle: %s", (count, period, expected) => {
    expect(hasLunchToggle(namedRows(count), period - 1)).toBe(expected);
  });

  it("sets the name Lunch, and turning it off gives back the name it replaced", () => {
    const on = toggleLunch(namedRows(8), 4);
    expect(on[4]!.name).toBe("Lunch");
    expect(isLunchRow(on[4]!)).toBe(true);
    expect(userClassesFromRows(on)[4]).toBe("Lunch");
    const off = toggleLunch(on, 4);
    expect(off[4]!.name).toBe("P5");
    expect(isLunchRow(off[4]!)).toBe(false);
  });

  it("is not offered on a semester pair, which it would lose", () => {
    const rows = setSemester(namedRows(8), 4, true);
    expect(hasLunchToggle(rows, 4)).toBe(false);
    expect(toggleLunch(rows, 4)).toEqual(rows);
  });

  it("on an empty period, turning it off clears the name", () => {
    const off = toggleLunch(toggleLunch(emptyRows(8), 3), 3);
    expect(off[3]!.name).toBe("");
  });

  it("a period typed as “lunch” counts as Lunch; typing over it makes it a class", () => {
    let rows = setName(namedRows(8), 3, "name", "lunch");
    expect(isLunchRow(rows[3]!)).toBe(true);
    rows = toggleLunch(rows, 3);
    expect(rows[3]!.name).toBe("");
    rows = setName(toggleLunch(namedRows(8), 3), 3, "name", "Lunch Club");
    expect(isLunchRow(rows[3]!)).toBe(false);
  });
});

describe("adding and removing periods", () => {
  it("starts with 8, adds up to 12 and no further", () => {
    let rows = emptyRows();
    expect(rows).toHaveLength(8);
    for (let n = 9; n <= 12; n++) {
      expect(canAddPeriod(rows)).toBe(true);
      rows = addPeriod(rows);
      expect(rows).toHaveLength(n);
    }
    expect(canAddPeriod(rows)).toBe(false);
    expect(addPeriod(rows)).toHaveLength(12);
  });

  it("remove is offered from the 7th period on, never below 6 periods", () => {
    const rows = namedRows(8);
    expect(rows.map((_, i) => canRemovePeriod(rows, i))).toEqual([false, false, false, false, false, false, true, true]);
    const six = removePeriod(removePeriod(rows, 7), 6);
    expect(six.map((r) => r.name)).toEqual(["P1", "P2", "P3", "P4", "P5", "P6"]);
    expect(six.map((_, i) => canRemovePeriod(six, i)).some(Boolean)).toBe(false);
    expect(removePeriod(six, 5)).toHaveLength(6);
  });

  it("removing a period moves the later ones up with their blocks", () => {
    let rows = toggleSpan(namedRows(11), 8, 2);
    rows = removePeriod(rows, 6);
    expect(rows.map((r) => r.name)).toEqual(["P1", "P2", "P3", "P4", "P5", "P6", "P8", "P9", "P10", "P11"]);
    expect(coveringBlock(rows, 8)).toEqual({ index: 7, span: 2 });
  });

  it("a covered period has no remove button; removing the block's period frees what it covered", () => {
    let rows = toggleSpan(namedRows(10), 6, 3);
    expect(canRemovePeriod(rows, 7)).toBe(false);
    expect(canRemovePeriod(rows, 8)).toBe(false);
    rows = removePeriod(rows, 6);
    expect(rows.map((r) => r.name).slice(6)).toEqual(["P8", "P9", "P10"]);
    expect(rows.every((_, i) => coveringBlock(rows, i) === null)).toBe(true);
  });
});

describe("round trip: editor rows → userClasses → editor rows", () => {
  type Choice = { label: string; apply: (rows: PeriodRow[]) => PeriodRow[] | null };
  const available = (rows: PeriodRow[], ok: boolean, next: () => PeriodRow[]) => (ok ? next() : null);
  const span = (index: number, s: 2 | 3): Choice => ({
    label: `${s === 2 ? "double" : "triple"} on ${index + 1}`,
    apply: (rows) =>
      available(rows, !coveringBlock(rows, index) && !spanUnavailableReason(rows, index, s), () => toggleSpan(rows, index, s)),
  });
  const semester = (index: number): Choice => ({
    label: `semester on ${index + 1}`,
    apply: (rows) =>
      available(rows, !coveringBlock(rows, index) && !semesterUnavailableReason(rows, index), () =>
        setName(setSemester(rows, index, true), index, "secondName", `S${index + 1}`),
      ),
  });
  const lunch = (index: number): Choice => ({
    label: `lunch on ${index + 1}`,
    apply: (rows) => available(rows, !coveringBlock(rows, index) && hasLunchToggle(rows, index), () => toggleLunch(rows, index)),
  });
  const plain = (index: number): Choice => ({ label: `plain ${index + 1}`, apply: (rows) => rows });

  // Period 1 (semester or blocks), 4 to 6 (lunch or blocks), 7 and 8 (semester or blocks), and the
  // last periods (a block ending exactly at the end), on 8, 10 and 12 periods.
  const choicesFor = (count: number): Choice[][] => [
    [plain(0), semester(0), span(0, 2), span(0, 3)],
    [plain(3), lunch(3), span(3, 2), span(3, 3)],
    [plain(4), lunch(4), { label: "lunch as a double on 5", apply: (rows) => span(4, 2).apply(lunch(4).apply(rows) ?? rows) }],
    [plain(5), lunch(5), span(5, 2)],
    [plain(6), semester(6), span(6, 2), span(6, 3)],
    [plain(7), semester(7), span(7, 2)],
    [plain(count - 2), span(count - 2, 2)],
  ];

  const cases: Array<{ name: string; rows: PeriodRow[] }> = [];
  for (const count of [8, 10, 12]) {
    const groups = choicesFor(count);
    const walk = (depth: number, rows: PeriodRow[], labels: string[]) => {
      if (depth === groups.length) {
        cases.push({ name: `${count} periods: ${labels.filter((l) => !l.startsWith("plain")).join(", ") || "plain"}`, rows });
        return;
      }
      for (const choice of groups[depth]!) {
        const next = choice.apply(rows);
        if (next) walk(depth + 1, next, [...labels, choice.label]);
      }
    };
    walk(0, namedRows(count), []);
  }

  it(`holds for every combination of span, semester and lunch the editor allows (${cases.length} schedules)`, () => {
    expect(cases.length).toBeGreaterThan(500);
    for (const { name, rows } of cases) {
      const userClasses = userClassesFromRows(rows);
      const back = rowsFromUserClasses(userClasses);
      expect(shown(back), name).toEqual(shown(rows));
      expect(userClassesFromRows(back), name).toEqual(userClasses);
    }
  });
});

describe("rows from a stored list", () => {
  it("pads to 8 periods and places blocks, pairs and lunch where they were", () => {
    const rows = rowsFromUserClasses(["Health (Semester 1)", "Driver Ed (Semester 2)", "Biology (Double Block)", "Lunch", "English"]);
    expect(shown(rows)).toEqual([
      { name: "Health", secondName: "Driver Ed", semester: true, span: 1 },
      { name: "Biology", secondName: "", semester: false, span: 2 },
      "covered by period 2",
      { name: "Lunch", secondName: "", semester: false, span: 1 },
      { name: "English", secondName: "", semester: false, span: 1 },
      { name: "", secondName: "", semester: false, span: 1 },
      { name: "", secondName: "", semester: false, span: 1 },
      { name: "", secondName: "", semester: false, span: 1 },
    ]);
  });

  it.each([[undefined], [null], [[]]])("%j gives 8 empty periods", (stored) => {
    expect(rowsFromUserClasses(stored)).toEqual(emptyRows(8));
  });

  it("keeps every period of a longer schedule", () => {
    expect(rowsFromUserClasses(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J (Triple Block)"])).toHaveLength(12);
  });

  it("a blank period between classes closes up (blank entries are ignored)", () => {
    const rows = setName(setName(emptyRows(8), 0, "name", "Algebra"), 2, "name", "Biology");
    expect(userClassesFromRows(rows)).toEqual(["Algebra", "Biology"]);
  });
});

describe("validation", () => {
  const fill = (names: string[], count = 8) => names.reduce((rows, name, i) => setName(rows, i, "name", name), emptyRows(count));

  it.each([
    ["create", ["A", "B", "C", "D", "E"], "Please add at least 6 classes to create your schedule"],
    ["create", ["A", "B", "C", "Lunch", "D", "E"], "Please add at least 6 classes to create your schedule"],
    ["create", ["A", "B", "C", "D", "E", "F"], null],
    ["update", ["A", "B", "C"], "Please add at least 4 classes to update your schedule"],
    ["update", ["A", "B", "C", "D"], null],
    ["update", ["Art", "Music", "art ", "Drama"], "Please remove duplicate class names."],
    ["create", ["Art (Double Block)", "B", "C", "D", "E", "F"], "Remove “(Double Block)” from the name and use the buttons instead."],
    ["update", ["A", "B", "C", "Music (semester 2)"], "Remove “(Semester 2)” from the name and use the buttons instead."],
  ] as const)("%s with %j → %s", (mode, names, message) => {
    expect(inEnglish(validateRows(fill([...names]), mode).message ?? undefined) ?? null).toBe(message);
  });

  it.each([
    ["name", "", "Driver Ed"],
    ["secondName", "Health", ""],
  ] as const)("a semester period with its %s blank says so on that field", (field, first, second) => {
    let rows = fill(["A", "B", "C", "D", "E", "F"]);
    rows = setName(setName(setSemester(rows, 6, true), 6, "name", first), 6, "secondName", second);
    const result = validateRows(rows, "create");
    expect(inEnglish(result.message!)).toBe("Name both semesters, or switch this period to Full Year.");
    expect(Object.keys(result.fieldErrors)).toEqual([`6.${field}`]);
    expect(inEnglish(result.fieldErrors[`6.${field}`])).toBe("Name both semesters, or switch this period to Full Year.");
    expect(validateRows(setSemester(rows, 6, false), "create").message).toBeNull();
  });

  it("marks the rows that hold a duplicate, also across a semester pair", () => {
    let rows = fill(["Art", "Music", "Drama", "Chemistry", "Lunch", "Lunch"]);
    rows = setName(setSemester(rows, 6, true), 6, "name", "Ceramics");
    rows = setName(rows, 6, "secondName", "ART");
    const result = validateRows(rows, "update");
    expect(inEnglish(result.message!)).toBe("Please remove duplicate class names.");
    expect([...result.duplicateRows]).toEqual([0, 6]);
  });

  it("a hidden name (covered, or the Full Year's kept second name) never counts", () => {
    let rows = fill(["Art", "Music", "Drama", "Chemistry"]);
    rows = setName(rows, 6, "secondName", "Art");
    rows = setName(rows, 5, "name", "Music");
    rows = toggleSpan(rows, 4, 2);
    expect(validateRows(rows, "update").message).toBeNull();
  });

  describe("as the form's schema", () => {
    const check = (rows: PeriodRow[], mode: "create" | "update") =>
      schemaResolver<{ rows: PeriodRow[] }, ReturnType<typeof classEditorSchema>>(classEditorSchema(mode), classEditorFieldOf)(
        { rows },
        undefined,
        { fields: {}, names: rows.map((_, i) => `rows.${i}.name`), shouldUseNativeValidation: false },
      );

    it("puts a name's own message on its field and, the first of them, on the rows as the form's message", async () => {
      let rows = fill(["A", "B", "C", "D", "E", "F"]);
      rows = setName(setSemester(rows, 6, true), 6, "name", "Health");
      rows = setName(rows, 1, "name", "Art (Triple Block)");
      const { errors } = await check(rows, "create");
      const fieldErrors = errors.rows as unknown as Record<number, Record<string, { message: string }>> & { root: { message: string } };
      expect(inEnglish(fieldErrors[1]!.name!.message)).toBe("Remove “(Triple Block)” from the name and use the buttons instead.");
      expect(inEnglish(fieldErrors[6]!.secondName!.message)).toBe("Name both semesters, or switch this period to Full Year.");
      expect(inEnglish(fieldErrors.root.message)).toBe("Remove “(Triple Block)” from the name and use the buttons instead.");
    });

    it("puts the API schema's refusal of the list on the rows, and hands over the request when it passes", async () => {
      const { errors } = await check(fill(["Art", "Music", "art ", "Drama"]), "update");
      expect(inEnglish((errors.rows as { root?: { message: string } }).root!.message)).toBe("Please remove duplicate class names.");
      expect(await check(fill(["A", "B", "C", "D"]), "update")).toEqual({ values: { userClasses: ["A", "B", "C", "D"] }, errors: {} });
    });
  });
});

describe("renames (issue 53)", () => {
  const rows = (names: string[]) => names.map((name) => ({ ...EMPTY_ROW, name }));
  it("are the names typed over in place: the old one gone, the new one not there before", () => {
    const saved = rows(["Algebra II", "Biology", "History", "Art"]);
    expect(renamesBetween(saved, rows(["Algebra 2 Honors", "Biology", "History", "Art"]))).toEqual([
      { from: "Algebra II", to: "Algebra 2 Honors" },
    ]);
    // Two classes swapped, a case change, a class removed and another added at the end: no rename.
    expect(renamesBetween(saved, rows(["Biology", "Algebra II", "history", "Art", "Music"]))).toEqual([]);
    expect(renamesBetween(saved, rows(["Algebra II", "", "History", "Art"]))).toEqual([]);
  });

  it("go out with the list from the editor's schema, and only when there are some", async () => {
    const saved = rows(["Algebra II", "Biology", "History", "Art"]);
    const checked = await classEditorSchema("update", saved).safeParseAsync({ rows: rows(["Algebra 2", "Biology", "History", "Art"]) });
    expect(checked.data).toEqual({
      userClasses: ["Algebra 2", "Biology", "History", "Art"],
      renames: [{ from: "Algebra II", to: "Algebra 2" }],
    });
    const unchanged = await classEditorSchema("update", saved).safeParseAsync({ rows: saved });
    expect(unchanged.data).toEqual({ userClasses: ["Algebra II", "Biology", "History", "Art"] });
  });
});
