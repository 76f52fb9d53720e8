import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

const CLASSES = ["English", "Algebra II", "Biology", "Spanish", "History", "Art"];

/** Grades (issue 53, decision 134): GET/PUT/POST/DELETE under /api/user/grades, on both engines. */
describeEachEngine("grades", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  async function student(classes = CLASSES) {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    expect((await client.request("POST", "/api/user/classes", { userClasses: classes })).statusCode).toBe(200);
    return { client, id: user.id as number };
  }
  type Answer = {
    scale: { cutoffs: Record<string, number>; plusMinus: boolean };
    classes: {
      subject: string;
      level: string;
      categories: { id: number; name: string; weight: number; average: number | null }[];
      items: { id: number; name: string; categoryId: number | null; score: number; outOf: number; date: string }[];
      average: number | null;
      letter: string | null;
      former: boolean;
    }[];
    gpa: { unweighted: number | null; weighted: number | null };
  };
  const grades = async (client: TestClient) => (await client.request("GET", "/api/user/grades")).json() as Answer;
  const classOf = (answer: Answer, subject: string) => answer.classes.find((c) => c.subject === subject)!;
  const add = (client: TestClient, body: object) => client.request("POST", "/api/user/grades/items", body);

  it("lists every class without grades as none (not zero), then weights categories, letters and the GPA; 304 when unchanged", async () => {
    const { client } = await student();
    const empty = await client.request("GET", "/api/user/grades");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      scale: { cutoffs: { A: 90, B: 80, C: 70, D: 60 }, plusMinus: false },
      classes: CLASSES.map((subject) => ({
        subject,
        level: "regular",
        categories: [],
        items: [],
        average: null,
        letter: null,
        former: false,
      })),
      gpa: { unweighted: null, weighted: null },
    });
    expect((await client.request("GET", "/api/user/grades", undefined, { "if-none-match": empty.headers.etag as string })).statusCode).toBe(
      304,
    );

    const set = await client.request("PUT", "/api/user/grades/classes/Biology", {
      level: "honors",
      categories: [
        { name: "Tests", weight: 50 },
        { name: "Homework", weight: 30 },
        { name: "Final", weight: 20 },
      ],
    });
    expect(set.statusCode).toBe(200);
    const [tests, homework, final] = classOf(set.json(), "Biology").categories;
    for (const [categoryId, score, outOf] of [
      [tests!.id, 45, 50],
      [tests!.id, 38, 40],
      [homework!.id, 10, 10],
      [homework!.id, 8, 10],
    ] as const) {
      expect((await add(client, { subject: "Biology", name: "Quiz", categoryId, score, outOf, date: "2026-11-20" })).statusCode).toBe(201);
    }
    await add(client, { subject: "English", name: "Essay", score: 17, outOf: 20, date: "2026-11-21" });
    const answer = await grades(client);
    expect(classOf(answer, "Biology")).toMatchObject({ level: "honors", average: 91.39, letter: "A" });
    expect(classOf(answer, "Biology").categories.map((c) => c.average)).toEqual([92.22, 90, null]);
    expect(classOf(answer, "English")).toMatchObject({ average: 85, letter: "B" });
    // A (4, honors +0.5) and B (3): classes without grades do not count.
    expect(answer.gpa).toEqual({ unweighted: 3.5, weighted: 3.75 });
    expect((await client.request("GET", "/api/user/grades", undefined, { "if-none-match": empty.headers.etag as string })).statusCode).toBe(
      200,
    );

    const whatIf = await client.request("POST", "/api/user/grades/what-if", {
      subject: "Biology",
      target: 90,
      item: { categoryId: final!.id, outOf: 100 },
    });
    expect(whatIf.json()).toEqual({ neededScore: 84.42, neededPercent: 84.42, possible: true });
    const outOfReach = await client.request("POST", "/api/user/grades/what-if", {
      subject: "English",
      target: 99,
      item: { categoryId: null, outOf: 10 },
    });
    expect(outOfReach.json()).toMatchObject({ possible: false, bestAverage: 90 });
    // Nothing was written.
    expect((await grades(client)).classes.flatMap((c) => c.items)).toHaveLength(5);
  });

  it("refuses bad grades with a code, keeps categories honest, and caps a class at 500 grades", async () => {
    const { client, id } = await student();
    const refused = async (body: object) => {
      const res = await add(client, { subject: "Art", name: "Sketch", score: 8, outOf: 10, date: "2026-11-20", ...body });
      return [res.statusCode, res.json().code];
    };
    expect(await refused({ score: -1 })).toEqual([400, "grades.score_invalid"]);
    expect(await refused({ score: "9" })).toEqual([400, "grades.score_invalid"]);
    expect(await refused({ outOf: 0 })).toEqual([400, "grades.out_of_invalid"]);
    expect(await refused({ date: "2026-02-30" })).toEqual([400, "grades.date_invalid"]);
    expect(await refused({ name: "  " })).toEqual([400, "grades.name_required"]);
    expect(await refused({ subject: "Chemistry" })).toEqual([404, "grades.class_not_found"]);
    expect(await refused({ categoryId: 5 })).toEqual([400, "grades.no_categories"]);
    // Extra credit is a score above its points.
    expect((await add(client, { subject: "Art", name: "Bonus", score: 11, outOf: 10, date: "2026-11-20" })).statusCode).toBe(201);

    const withCategories = await client.request("PUT", "/api/user/grades/classes/Art", {
      level: "regular",
      categories: [{ name: "Projects", weight: 70 }],
    });
    const projects = classOf(withCategories.json(), "Art").categories[0]!;
    expect(await refused({})).toEqual([400, "grades.category_needed"]);
    expect(await refused({ categoryId: projects.id + 1000 })).toEqual([400, "grades.category_unknown"]);
    // The earlier grade has no category now: it is listed, and does not count.
    expect(classOf(await grades(client), "Art")).toMatchObject({ average: null, items: [expect.objectContaining({ categoryId: null })] });
    const bad = async (body: object) => {
      const res = await client.request("PUT", "/api/user/grades/classes/Art", body);
      return [res.statusCode, res.json().code];
    };
    expect(await bad({ level: "gifted", categories: [] })).toEqual([400, "grades.level_invalid"]);
    expect(await bad({ level: "ap", categories: [{ name: "A", weight: 0 }] })).toEqual([400, "grades.weight_invalid"]);
    expect(
      await bad({
        level: "ap",
        categories: [
          { name: "Labs", weight: 1 },
          { name: "labs", weight: 2 },
        ],
      }),
    ).toEqual([400, "grades.duplicate_categories"]);
    expect(await bad({ level: "ap", categories: Array.from({ length: 11 }, (_, i) => ({ name: `C${i}`, weight: 1 })) })).toEqual([
      400,
      "grades.too_many_categories",
    ]);
    const scale = await client.request("PUT", "/api/user/grades/scale", { cutoffs: { A: 90, B: 92, C: 70, D: 60 }, plusMinus: false });
    expect([scale.statusCode, scale.json().code]).toEqual([400, "grades.cutoffs_order"]);

    // Removing a category that has grades moves them to no category.
    const project = (
      await add(client, { subject: "Art", name: "Mural", categoryId: projects.id, score: 90, outOf: 100, date: "2026-11-22" })
    ).json();
    expect(classOf(await grades(client), "Art").average).toBe(90);
    await client.request("PUT", "/api/user/grades/classes/Art", { level: "regular", categories: [] });
    const art = classOf(await grades(client), "Art");
    expect(art.items.find((i) => i.id === project.id)!.categoryId).toBeNull();
    // Without categories, every grade counts by points: (11 + 90) / 110.
    expect(art.average).toBe(91.82);

    const record = await t.db
      .selectFrom("grade_classes")
      .select("id")
      .where("user_id", "=", id)
      .where("subject", "=", "Art")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db
      .insertInto("grade_items")
      .values(
        Array.from({ length: 498 }, (_, i) => ({
          user_id: id,
          class_id: record.id,
          category_id: null,
          name: `Check ${i}`,
          score: 1,
          out_of: 1,
          date: "2026-11-01",
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const full = await add(client, { subject: "Art", name: "One more", score: 1, outOf: 1, date: "2026-11-23" });
    expect([full.statusCode, full.json().code]).toEqual([409, "grades.too_many_items"]);
  });

  it("keeps grades to their owner: another student's grade is not found, and their class is not one of yours", async () => {
    const { client: maya } = await student();
    const { client: leo } = await student(["Chemistry", "English", "Geometry", "Music", "PE", "French"]);
    const item = (await add(maya, { subject: "Spanish", name: "Oral exam", score: 9, outOf: 10, date: "2026-11-20" })).json();
    const body = { name: "Mine now", score: 10, outOf: 10, date: "2026-11-20" };
    expect((await leo.request("PUT", `/api/user/grades/items/${item.id}`, body)).statusCode).toBe(404);
    expect((await leo.request("DELETE", `/api/user/grades/items/${item.id}`)).statusCode).toBe(404);
    expect((await leo.request("PUT", "/api/user/grades/classes/Spanish", { level: "ap", categories: [] })).statusCode).toBe(404);
    expect((await grades(leo)).classes.flatMap((c) => c.items)).toEqual([]);
    expect((await maya.request("PUT", `/api/user/grades/items/${item.id}`, body)).json()).toMatchObject({ name: "Mine now", score: 10 });
    expect((await maya.request("DELETE", `/api/user/grades/items/${item.id}`)).statusCode).toBe(204);
    expect((await maya.request("DELETE", `/api/user/grades/items/${item.id}`)).statusCode).toBe(404);
  });

  it("carries a renamed class's grades along, keeps a removed class's as former until deleted", async () => {
    const { client } = await student();
    await add(client, { subject: "Algebra II", name: "Test 1", score: 88, outOf: 100, date: "2026-11-20" });
    await add(client, { subject: "History", name: "Essay", score: 70, outOf: 100, date: "2026-11-20" });
    const saved = await client.request("PUT", "/api/user/classes", {
      userClasses: ["English", "Algebra 2 Honors", "Biology", "Spanish", "Art"],
      renames: [{ from: "Algebra II", to: "Algebra 2 Honors" }],
    });
    expect(saved.statusCode).toBe(200);
    const answer = await grades(client);
    expect(classOf(answer, "Algebra 2 Honors")).toMatchObject({ average: 88, former: false });
    expect(answer.classes.some((c) => c.subject === "Algebra II")).toBe(false);
    expect(classOf(answer, "History")).toMatchObject({ average: 70, former: true });
    // A former class still counts toward the GPA until its grades are deleted.
    expect(answer.gpa.unweighted).toBe(2.5);
    const badRename = await client.request("PUT", "/api/user/classes", { userClasses: CLASSES, renames: [{ from: "", to: "x" }] });
    expect([badRename.statusCode, badRename.json().code]).toEqual([400, "classes.rename_invalid"]);
    expect((await client.request("DELETE", "/api/user/grades/classes/History")).statusCode).toBe(204);
    expect((await grades(client)).classes.some((c) => c.subject === "History")).toBe(false);
  });

  it("goes out with the export and comes back with an import; goes with the account", async () => {
    const { client, id } = await student();
    await client.request("PUT", "/api/user/grades/scale", { cutoffs: { A: 93, B: 85, C: 75, D: 65 }, plusMinus: true });
    const set = await client.request("PUT", "/api/user/grades/classes/Biology", {
      level: "ap",
      categories: [
        { name: "Labs", weight: 40 },
        { name: "Exams", weight: 60 },
      ],
    });
    const [labs, exams] = classOf(set.json(), "Biology").categories;
    await add(client, { subject: "Biology", name: "Lab 1", categoryId: labs!.id, score: 19, outOf: 20, date: "2026-11-20" });
    await add(client, { subject: "Biology", name: "Midterm", categoryId: exams!.id, score: 81.5, outOf: 100, date: "2026-11-21" });
    const before = await grades(client);
    const file = (await client.request("GET", "/api/user/export")).json();
    expect(file.grades.classes).toHaveLength(1);

    const { client: restored } = await student();
    const imported = await restored.request("POST", "/api/user/import", file);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ grades: 2 });
    const after = await grades(restored);
    const withoutIds = (answer: Answer) =>
      answer.classes.map((c) => ({
        ...c,
        categories: c.categories.map(({ id: _, ...rest }) => rest),
        items: c.items.map(({ id: _, categoryId, ...rest }) => ({
          ...rest,
          category: c.categories.find((k) => k.id === categoryId)?.name,
        })),
      }));
    expect(withoutIds(after)).toEqual(withoutIds(before));
    expect(after.scale).toEqual(before.scale);
    expect(after.gpa).toEqual(before.gpa);
    // Into an account that already has grades: refused, nothing written.
    const again = await restored.request("POST", "/api/user/import", { ...file, tasks: [], events: [] });
    expect([again.statusCode, again.json().code]).toEqual([409, "grades.import_needs_no_grades"]);

    expect((await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBeLessThan(300);
    for (const table of ["grade_items", "grade_categories", "grade_classes"] as const) {
      expect(await t.db.selectFrom(table).select("id").where("user_id", "=", id).execute()).toEqual([]);
    }
  });
});
