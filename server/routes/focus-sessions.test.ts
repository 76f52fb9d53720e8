import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

// The school's time zone is America/New_York (the default); "now" is 2026-12-02 20:00 there.
const NOW = new Date("2026-12-03T01:00:00Z");
const at = (local: string) => new Date(`${local}-05:00`).toISOString();

/** The focus timer's sessions (issue 51): POST/GET/DELETE /api/focus-sessions, a task's spentMinutes. */
describeEachEngine("focus sessions", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => NOW });
  });
  afterAll(() => t.close());

  async function student() {
    const client = new TestClient(t.app);
    await client.register();
    return client;
  }
  const send = (client: TestClient, body: object, headers: Record<string, string> = {}) =>
    client.request("POST", "/api/focus-sessions", body, headers);
  const taskOf = async (client: TestClient, id: number) =>
    ((await client.request("GET", "/api/tasks")).json() as { id: number; spentMinutes: number }[]).find((task) => task.id === id)!;

  it("records a session on a task, its minutes landing on the task, and lists the days' sessions", async () => {
    const client = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Essay", estimateMinutes: 60 })).json();
    expect(task.spentMinutes).toBe(0);
    const made = await send(client, { taskId: task.id, startedAt: at("2026-12-02T16:00"), endedAt: at("2026-12-02T16:25") });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(Number),
      taskId: task.id,
      startedAt: at("2026-12-02T16:00"),
      endedAt: at("2026-12-02T16:25"),
      minutes: 25,
    });
    // One starting as the last ended does not overlap; one on nothing in particular counts on no task.
    expect((await send(client, { taskId: task.id, startedAt: at("2026-12-02T16:25"), endedAt: at("2026-12-02T16:50") })).statusCode).toBe(
      201,
    );
    expect((await send(client, { taskId: null, startedAt: at("2026-12-01T19:00"), endedAt: at("2026-12-01T19:30") })).statusCode).toBe(201);
    expect((await taskOf(client, task.id)).spentMinutes).toBe(50);

    const today = await client.request("GET", "/api/focus-sessions?from=2026-12-02&to=2026-12-02");
    expect(today.statusCode).toBe(200);
    expect(today.json().map((s: { minutes: number }) => s.minutes)).toEqual([25, 25]);
    const week = (await client.request("GET", "/api/focus-sessions?from=2026-11-30&to=2026-12-06")).json();
    expect(week.map((s: { taskId: number | null }) => s.taskId)).toEqual([null, task.id, task.id]);
  });

  it("honours an Idempotency-Key: the same session sent again is answered again, not recorded twice", async () => {
    const client = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Lab" })).json();
    const body = { taskId: task.id, startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:30") };
    const key = { "idempotency-key": "a".repeat(32) };
    const first = await send(client, body, key);
    const again = await send(client, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect((await taskOf(client, task.id)).spentMinutes).toBe(30);
  });

  describe("refuses, recording nothing", () => {
    it.each([
      [
        "an end before its start",
        { startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T09:00") },
        400,
        "server.focus_end_before_start",
      ],
      ["an end at its start", { startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:00") }, 400, "server.focus_end_before_start"],
      ["more than 240 minutes", { startedAt: at("2026-12-02T08:00"), endedAt: at("2026-12-02T12:01") }, 400, "server.focus_too_long"],
      ["an end in the future", { startedAt: at("2026-12-02T19:50"), endedAt: at("2026-12-02T20:30") }, 400, "server.focus_in_future"],
      ["a time that is not one", { startedAt: "yesterday", endedAt: at("2026-12-02T10:00") }, 400, "server.focus_time_invalid"],
      [
        "a task id that is not one",
        { taskId: "7", startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:30") },
        400,
        "server.focus_task_invalid",
      ],
      [
        "an unknown task",
        { taskId: 999999, startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:30") },
        404,
        "server.task_not_found",
      ],
    ])("%s", async (_name, body, status, code) => {
      const client = await student();
      const res = await send(client, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect((await client.request("GET", "/api/focus-sessions?from=2026-12-01&to=2026-12-03")).json()).toEqual([]);
    });

    it("a session overlapping another of the student's (409), but not one overlapping another student's", async () => {
      const client = await student();
      await send(client, { startedAt: at("2026-12-02T15:00"), endedAt: at("2026-12-02T16:00") });
      const overlap = await send(client, { startedAt: at("2026-12-02T15:59"), endedAt: at("2026-12-02T16:30") });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toMatchObject({ code: "server.focus_overlaps" });
      const inside = await send(client, { startedAt: at("2026-12-02T15:10"), endedAt: at("2026-12-02T15:20") });
      expect(inside.statusCode).toBe(409);
      const other = await student();
      expect((await send(other, { startedAt: at("2026-12-02T15:00"), endedAt: at("2026-12-02T16:00") })).statusCode).toBe(201);
    });

    it("a session on another student's task (404), the task's time untouched", async () => {
      const owner = await student();
      const task = (await owner.request("POST", "/api/tasks", { title: "Mine" })).json();
      const intruder = await student();
      const res = await send(intruder, { taskId: task.id, startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:30") });
      expect(res.statusCode).toBe(404);
      expect((await taskOf(owner, task.id)).spentMinutes).toBe(0);
    });

    it("a list without a valid range", async () => {
      const client = await student();
      for (const query of ["", "?from=2026-12-02", "?from=2026-12-03&to=2026-12-02", "?from=12/01/2026&to=2026-12-02"]) {
        const res = await client.request("GET", `/api/focus-sessions${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: "server.focus_range_invalid" });
      }
    });
  });

  it("deletes a session, taking its minutes off the task; another student's session is not found", async () => {
    const client = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Reading" })).json();
    const session = (await send(client, { taskId: task.id, startedAt: at("2026-12-02T09:00"), endedAt: at("2026-12-02T09:45") })).json();
    const other = await student();
    expect((await other.request("DELETE", `/api/focus-sessions/${session.id}`)).statusCode).toBe(404);
    expect((await taskOf(client, task.id)).spentMinutes).toBe(45);
    expect((await client.request("DELETE", `/api/focus-sessions/${session.id}`)).statusCode).toBe(204);
    expect((await taskOf(client, task.id)).spentMinutes).toBe(0);
    expect((await client.request("DELETE", `/api/focus-sessions/${session.id}`)).statusCode).toBe(404);
    expect((await client.request("DELETE", "/api/focus-sessions/abc")).statusCode).toBe(404);
  });

  it("keeps a deleted task's sessions as focus on nothing in particular, and goes with the account", async () => {
    const client = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Gone" })).json();
    await send(client, { taskId: task.id, startedAt: at("2026-12-02T09:00"), endedAt: at("2026-12-02T09:20") });
    await client.request("DELETE", `/api/tasks/${task.id}`);
    expect((await client.request("GET", "/api/focus-sessions?from=2026-12-02&to=2026-12-02")).json()).toEqual([
      expect.objectContaining({ taskId: null, minutes: 20 }),
    ]);
    const { id } = (await client.request("GET", "/api/user")).json();
    expect((await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect(await t.db.selectFrom("focus_sessions").select("id").where("user_id", "=", id).execute()).toEqual([]);
  });

  it("goes with the export and comes back with the import, on the imported task", async () => {
    const source = await student();
    const task = (await source.request("POST", "/api/tasks", { title: "Project" })).json();
    await send(source, { taskId: task.id, startedAt: at("2026-12-02T09:00"), endedAt: at("2026-12-02T09:40") });
    await send(source, { taskId: null, startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:10") });
    const file = (await source.request("GET", "/api/user/export")).json();
    expect(file.focusSessions).toEqual([
      { taskId: task.id, startedAt: at("2026-12-02T09:00"), endedAt: at("2026-12-02T09:40") },
      { taskId: null, startedAt: at("2026-12-02T10:00"), endedAt: at("2026-12-02T10:10") },
    ]);
    const target = await student();
    expect((await target.request("POST", "/api/user/import", file)).statusCode).toBe(200);
    const [imported] = (await target.request("GET", "/api/tasks")).json();
    expect(imported).toMatchObject({ title: "Project", spentMinutes: 40 });
    const sessions = (await target.request("GET", "/api/focus-sessions?from=2026-12-02&to=2026-12-02")).json();
    expect(sessions.map((s: { taskId: number | null; minutes: number }) => [s.taskId, s.minutes])).toEqual([
      [imported.id, 40],
      [null, 10],
    ]);
  });

  describe("where the time went (GET /api/user/focus-stats)", () => {
    it("sums minutes per day (every day of the range) and per subject, and compares the estimates of tasks completed in it", async () => {
      const client = await student();
      const essay = (await client.request("POST", "/api/tasks", { title: "Essay", subject: "English", estimateMinutes: 60 })).json();
      const lab = (await client.request("POST", "/api/tasks", { title: "Lab", subject: "Chemistry", estimateMinutes: 30 })).json();
      const guess = (await client.request("POST", "/api/tasks", { title: "No estimate", subject: "English" })).json();
      await send(client, { taskId: essay.id, startedAt: at("2026-11-30T16:00"), endedAt: at("2026-11-30T16:50") });
      await send(client, { taskId: essay.id, startedAt: at("2026-12-01T16:00"), endedAt: at("2026-12-01T16:30") });
      await send(client, { taskId: lab.id, startedAt: at("2026-12-01T17:00"), endedAt: at("2026-12-01T17:45") });
      await send(client, { taskId: guess.id, startedAt: at("2026-12-02T08:00"), endedAt: at("2026-12-02T08:10") });
      await send(client, { taskId: null, startedAt: at("2026-12-02T09:00"), endedAt: at("2026-12-02T09:20") });
      // Completed: the essay (80 spent of 60 estimated) and the lab (45 of 30); the guess had no estimate.
      for (const id of [essay.id, lab.id, guess.id]) await client.request("PUT", `/api/tasks/${id}`, { completed: true });
      // Completed on Wednesday afternoon (the row's own clock is the machine's).
      await t.db
        .updateTable("tasks")
        .set({ completed_at: at("2026-12-02T15:00") })
        .where("id", "in", [essay.id, lab.id, guess.id])
        .execute();

      const res = await client.request("GET", "/api/user/focus-stats?from=2026-11-29&to=2026-12-03");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        days: [
          { date: "2026-11-29", minutes: 0 },
          { date: "2026-11-30", minutes: 50 },
          { date: "2026-12-01", minutes: 75 },
          { date: "2026-12-02", minutes: 30 },
          { date: "2026-12-03", minutes: 0 },
        ],
        subjects: [
          { subject: "English", minutes: 90 },
          { subject: "Chemistry", minutes: 45 },
          { subject: null, minutes: 20 },
        ],
        estimates: { tasks: 2, estimatedMinutes: 90, spentMinutes: 125 },
      });
      // A range without the day they were completed counts none.
      expect((await client.request("GET", "/api/user/focus-stats?from=2026-11-29&to=2026-11-30")).json().estimates).toEqual({
        tasks: 0,
        estimatedMinutes: 0,
        spentMinutes: 0,
      });
      expect(
        JSON.stringify((await (await student()).request("GET", "/api/user/focus-stats?from=2026-11-29&to=2026-12-03")).json()),
      ).not.toContain("English");
    });

    it("keeps a task's completion time while it stays completed, and clears it once it is not", async () => {
      const client = await student();
      const task = (await client.request("POST", "/api/tasks", { title: "Done", completed: true })).json();
      const row = async () =>
        (await t.db.selectFrom("tasks").select("completed_at").where("id", "=", task.id).executeTakeFirstOrThrow()).completed_at;
      const first = await row();
      expect(new Date(first!).toISOString()).toBe(first);
      await client.request("PUT", `/api/tasks/${task.id}`, { title: "Done, renamed", completed: true });
      expect(await row()).toBe(first);
      await client.request("PUT", `/api/tasks/${task.id}`, { completed: false });
      expect(await row()).toBeNull();
    });

    it.each(["", "?from=2026-12-01", "?from=2026-12-03&to=2026-12-01", "?from=2025-01-01&to=2026-12-01"])(
      "refuses the range %s with a 400",
      async (query) => {
        const client = await student();
        expect((await client.request("GET", `/api/user/focus-stats${query}`)).statusCode).toBe(400);
      },
    );
  });
});
