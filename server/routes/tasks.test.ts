import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

describeEachEngine("tasks API", (engine) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    alice = new TestClient(t.app);
    bob = new TestClient(t.app);
    await alice.register({ firstName: "Alice" });
    await bob.register({ firstName: "Bob" });
  });
  afterAll(() => t.close());

  const create = (client: TestClient, body: object) => client.request("POST", "/api/tasks", body);
  const count = async (client: TestClient) => (await client.request("GET", "/api/tasks")).json().length as number;

  describe("the time estimate (issue 51)", () => {
    it("is kept in whole minutes from 5 to 600, null without one, changed alone by a partial edit, and cleared with null", async () => {
      const none = (await create(alice, { title: "No estimate" })).json();
      expect(none.estimateMinutes).toBeNull();
      const made = await create(alice, { title: "Essay", estimateMinutes: 90 });
      expect(made.statusCode).toBe(201);
      expect(made.json().estimateMinutes).toBe(90);
      const id = made.json().id as number;
      const renamed = await alice.request("PUT", `/api/tasks/${id}`, { title: "Essay draft" });
      expect(renamed.json()).toMatchObject({ title: "Essay draft", estimateMinutes: 90 });
      expect((await alice.request("PUT", `/api/tasks/${id}`, { estimateMinutes: 5 })).json().estimateMinutes).toBe(5);
      expect((await alice.request("PUT", `/api/tasks/${id}`, { estimateMinutes: null })).json().estimateMinutes).toBeNull();
      const row = await t.db.selectFrom("tasks").select("estimate_minutes").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.estimate_minutes).toBeNull();
    });

    it.each([[4], [601], [30.5], ["45"], [true]])("refuses %j with a 400 and its code, creating and changing nothing", async (value) => {
      const before = await count(alice);
      const res = await create(alice, { title: "Bad estimate", estimateMinutes: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "tasks.estimate_invalid",
        errors: { estimateMinutes: ["Time needed must be a whole number of minutes from 5 to 600, or empty"] },
      });
      expect(await count(alice)).toBe(before);
      const id = (await create(alice, { title: "Kept", estimateMinutes: 45 })).json().id as number;
      expect((await alice.request("PUT", `/api/tasks/${id}`, { estimateMinutes: value })).statusCode).toBe(400);
      expect((await alice.request("GET", "/api/tasks")).json().find((task: { id: number }) => task.id === id).estimateMinutes).toBe(45);
    });

    it("goes with the account's export and comes back with its import", async () => {
      const source = new TestClient(t.app);
      await source.register();
      await create(source, { title: "Project", estimateMinutes: 120 });
      const file = (await source.request("GET", "/api/user/export")).json();
      const target = new TestClient(t.app);
      await target.register();
      expect((await target.request("POST", "/api/user/import", file)).statusCode).toBe(200);
      expect((await target.request("GET", "/api/tasks")).json()).toEqual([
        expect.objectContaining({ title: "Project", estimateMinutes: 120 }),
      ]);
    });
  });

  describe("creating", () => {
    it("answers 201 with the created task, applying the defaults", async () => {
      const res = await create(alice, { title: "  Read chapter 4  " });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        title: "Read chapter 4",
        description: null,
        subject: null,
        dueDate: null,
        dueTime: null,
        priority: "medium",
        recurring: null,
        completed: false,
      });
      expect(res.json().id).toEqual(expect.any(Number));
      expect(new Date(res.json().createdAt).toISOString()).toBe(res.json().createdAt);
      const row = await t.db.selectFrom("tasks").selectAll().where("id", "=", res.json().id).executeTakeFirstOrThrow();
      expect(row.title).toBe("Read chapter 4");
    });

    it("stores every field, turning blanks into null and recurring 'none' into null", async () => {
      const res = await create(alice, {
        title: "Lab report",
        description: "",
        subject: "Chemistry",
        dueDate: "2026-12-01",
        dueTime: "15:30",
        priority: "high",
        recurring: "none",
        completed: true,
        userId: 9999,
        isAdmin: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        description: null,
        subject: "Chemistry",
        dueDate: "2026-12-01",
        dueTime: "15:30",
        priority: "high",
        recurring: null,
        completed: true,
      });
      // Unknown fields are dropped: the task belongs to the signed-in user.
      const me = (await alice.request("GET", "/api/user")).json();
      expect(res.json().userId).toBe(me.id);
    });

    it.each([
      [{}, "title", "Title is required"],
      [{ title: "   " }, "title", "Title is required"],
      [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
      [{ title: "ok", description: "x".repeat(5001) }, "description", "Description must be at most 5000 characters"],
      [{ title: "ok", subject: "x".repeat(101) }, "subject", "Subject must be at most 100 characters"],
      [{ title: "ok", dueDate: "2026-02-30" }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
      [{ title: "ok", dueDate: "12/01/2026" }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
      [{ title: "ok", dueTime: "25:00" }, "dueTime", "Due time must be a time in HH:mm format"],
      [{ title: "ok", priority: "urgent" }, "priority", "Priority must be low, medium or high"],
      [{ title: "ok", completed: "yes" }, "completed", "Completed must be true or false"],
      [{ title: 42 }, "title", "Title is required"],
      [{ title: "ok", description: 5 }, "description", "Description must be text"],
      [{ title: "ok", subject: ["Math"] }, "subject", "Subject must be text"],
      [{ title: "ok", dueDate: 20261201 }, "dueDate", "Due date must be a real date in yyyy-MM-dd format"],
      [{ title: "ok", dueTime: 930 }, "dueTime", "Due time must be a time in HH:mm format"],
      [{ title: "ok", recurring: "weekly" }, "recurring", 'Tasks do not repeat: recurring must be "none" or null'],
      // PostgreSQL cannot store U+0000; both databases refuse it the same way.
      [{ title: "a\u0000b" }, "title", "Text must not contain the null character (\\u0000)"],
      [{ title: "ok", description: "line\u0000" }, "description", "Text must not contain the null character (\\u0000)"],
      // A lone surrogate would be stored changed, differently on each database.
      [{ title: "half \ud83d pair" }, "title", "Text must be well-formed Unicode"],
      [{ title: "ok", subject: "\udc00Art" }, "subject", "Text must be well-formed Unicode"],
    ])("refuses %j with 400 on %s", async (body, field, message) => {
      const before = (await alice.request("GET", "/api/tasks")).json().length;
      const res = await create(alice, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field][0]).toBe(message);
      expect((await alice.request("GET", "/api/tasks")).json()).toHaveLength(before);
    });

    it("words its refusals in the reader's language, with the message's id as the code (decision 108)", async () => {
      const english = await create(alice, { title: "x".repeat(201), reminder: "1-hour" });
      expect(english.json()).toEqual({
        message: "Title must be at most 200 characters",
        code: "tasks.title_too_long",
        params: { max: 200 },
        errors: { title: ["Title must be at most 200 characters"], reminder: ["A reminder needs a due date"] },
      });
      const ana = new TestClient(t.app);
      await ana.register({ firstName: "Ana" });
      await ana.request("PUT", "/api/user/preferences", { locale: "es" });
      const spanish = await create(ana, { title: "x".repeat(201), reminder: "1-hour" });
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json()).toEqual({
        message: "El título debe tener como máximo 200 caracteres",
        code: "tasks.title_too_long",
        params: { max: 200 },
        errors: { title: ["El título debe tener como máximo 200 caracteres"], reminder: ["Un recordatorio necesita una fecha de entrega"] },
      });
    });

    it("keeps a well-formed emoji (a surrogate pair) exactly as sent", async () => {
      const res = await create(alice, { title: "Read 📚 chapter 5" });
      expect(res.statusCode).toBe(201);
      expect((await alice.request("GET", `/api/tasks/${res.json().id}`)).json().title).toBe("Read 📚 chapter 5");
    });

    it("refuses a body nested deeper than 32 levels with 400, even in a field that would be dropped", async () => {
      const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
      const before = (await alice.request("GET", "/api/tasks")).json().length;
      const shallow = await alice.request("POST", "/api/tasks", `{"title":"ok","extra":${nested(30)}}`);
      expect(shallow.statusCode).toBe(201);
      const deep = await alice.request("POST", "/api/tasks", `{"title":"ok","extra":${nested(33)}}`);
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toEqual({ message: "Request body is nested too deeply", code: "server.body_too_deep" });
      // About 40,000 levels, still under the 100 KB body limit: a recursive walk overflowed the stack (500).
      const abusive = await alice.request("POST", "/api/tasks", `{"title":"ok","extra":${nested(40_000)}}`);
      expect(abusive.statusCode).toBe(400);
      expect(abusive.json()).toEqual({ message: "Request body is nested too deeply", code: "server.body_too_deep" });
      expect((await alice.request("GET", "/api/tasks")).json()).toHaveLength(before + 1);
    });

    it("refuses a body nested too deep before parsing it: the refusal comes even where the text is not JSON past that point", async () => {
      const res = await alice.request("POST", "/api/tasks", `{"title":"ok","extra":${"[".repeat(40)} not json`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Request body is nested too deeply", code: "server.body_too_deep" });
      // Brackets inside a string are text, not nesting.
      const inText = await alice.request("POST", "/api/tasks", { title: "[[[[[".repeat(30) });
      expect(inText.statusCode).toBe(201);
    });

    it("marks every API answer no-store, so a shared computer's cache keeps no one's tasks", async () => {
      const created = await create(alice, { title: "Private" });
      for (const res of [
        created,
        await alice.request("GET", "/api/tasks"),
        await alice.request("GET", "/api/user"),
        await create(alice, {}),
      ]) {
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    });

    it("accepts 29 February in a leap year only", async () => {
      expect((await create(alice, { title: "Leap", dueDate: "2028-02-29" })).statusCode).toBe(201);
      expect((await create(alice, { title: "Leap", dueDate: "2027-02-29" })).statusCode).toBe(400);
    });

    it("requires the CSRF token", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const token = client.csrfToken;
      client.csrfToken = undefined;
      expect((await create(client, { title: "No token" })).statusCode).toBe(403);
      client.csrfToken = token;
      expect((await client.request("GET", "/api/tasks")).json()).toEqual([]);
    });

    it("requires a signed-in user", async () => {
      const visitor = new TestClient(t.app);
      expect((await visitor.request("GET", "/api/tasks")).statusCode).toBe(401);
      expect((await create(visitor, { title: "x" })).statusCode).toBe(401);
    });
  });

  describe("retried creates (Idempotency-Key)", () => {
    const withKey = (client: TestClient, body: object, key: string) =>
      client.request("POST", "/api/tasks", body, { "idempotency-key": key });

    it("replays the first answer for the same key instead of creating the task twice", async () => {
      const before = await count(alice);
      const first = await withKey(alice, { title: "Lab report" }, "submission-1");
      const retry = await withKey(alice, { title: "Lab report" }, "submission-1");
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(await count(alice)).toBe(before + 1);
    });

    it("creates once when the same submission arrives several times at once", async () => {
      const before = await count(alice);
      const answers = await Promise.all(Array.from({ length: 5 }, () => withKey(alice, { title: "Essay draft" }, "submission-2")));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await count(alice)).toBe(before + 1);
    });

    it("refuses the same key with a different request (422), and keys are per user", async () => {
      await withKey(alice, { title: "One" }, "submission-3");
      const other = await withKey(alice, { title: "Another" }, "submission-3");
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        message: "This Idempotency-Key was already used for a different request",
        code: "server.idempotency_key_reused",
      });
      const bobsBefore = await count(bob);
      expect((await withKey(bob, { title: "One" }, "submission-3")).statusCode).toBe(201);
      expect(await count(bob)).toBe(bobsBefore + 1);
    });

    it("refuses a malformed key with 400 and creates nothing", async () => {
      const before = await count(alice);
      const res = await withKey(alice, { title: "x" }, "k".repeat(256));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
        code: "server.idempotency_key_invalid",
      });
      expect(await count(alice)).toBe(before);
    });

    it("uses up no key on a refused request: the corrected retry with the same key creates the task", async () => {
      expect((await withKey(alice, { title: "" }, "submission-4")).statusCode).toBe(400);
      const fixed = await withKey(alice, { title: "Fixed" }, "submission-4");
      expect(fixed.statusCode).toBe(201);
      expect(fixed.json().title).toBe("Fixed");
    });
  });

  describe("the per-user task cap", () => {
    it("refuses the 501st task with 409 and the reason, and keeps the 500", async () => {
      const client = new TestClient(t.app);
      const { user } = await client.register();
      const now = new Date().toISOString();
      const row = { user_id: user.id, title: "t", priority: "medium", completed: 0, created_at: now, updated_at: now };
      await t.db
        .insertInto("tasks")
        .values(Array.from({ length: 499 }, () => row))
        .execute();
      expect((await create(client, { title: "The 500th" })).statusCode).toBe(201);
      const over = await create(client, { title: "One too many" });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        message: "You can keep at most 500 tasks. Delete some completed tasks to add more.",
        code: "tasks.too_many",
        params: { max: 500 },
      });
      expect(await count(client)).toBe(500);
    });
  });

  describe("listing", () => {
    it("lists only the user's own tasks, newest first", async () => {
      const client = new TestClient(t.app);
      await client.register();
      await create(client, { title: "First" });
      await create(client, { title: "Second" });
      await create(bob, { title: "Bob's" });
      const res = await client.request("GET", "/api/tasks");
      expect(res.statusCode).toBe(200);
      expect(res.json().map((task: { title: string }) => task.title)).toEqual(["Second", "First"]);
      expect(Object.keys(res.json()[0]).sort()).toEqual(
        [
          "id",
          "userId",
          "title",
          "description",
          "subject",
          "dueDate",
          "dueTime",
          "priority",
          "recurring",
          "completed",
          "reminder",
          "estimateMinutes",
          "spentMinutes",
          "createdAt",
          "etag",
        ].sort(),
      );
    });
  });

  describe("updating", () => {
    it("applies a full edit", async () => {
      const { id } = (await create(alice, { title: "Draft essay", priority: "low" })).json();
      const res = await alice.request("PUT", `/api/tasks/${id}`, {
        title: "Final essay",
        description: "Two pages",
        subject: "English",
        dueDate: "2026-12-05",
        dueTime: "08:00",
        priority: "high",
        completed: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        title: "Final essay",
        description: "Two pages",
        subject: "English",
        dueDate: "2026-12-05",
        dueTime: "08:00",
        priority: "high",
      });
    });

    it("applies a partial completion update and leaves the rest alone", async () => {
      const { id } = (await create(alice, { title: "Worksheet", subject: "Mathematics", dueDate: "2026-12-02", priority: "high" })).json();
      const res = await alice.request("PUT", `/api/tasks/${id}`, { completed: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: "Worksheet",
        subject: "Mathematics",
        dueDate: "2026-12-02",
        priority: "high",
        completed: true,
      });
      const row = await t.db.selectFrom("tasks").select("completed").where("id", "=", id).executeTakeFirstOrThrow();
      expect(Number(row.completed)).toBe(1);
      const undo = await alice.request("PUT", `/api/tasks/${id}`, { completed: false });
      expect(undo.json().completed).toBe(false);
    });

    it("can clear a due date", async () => {
      const { id } = (await create(alice, { title: "Dated", dueDate: "2026-12-02", dueTime: "10:00" })).json();
      const res = await alice.request("PUT", `/api/tasks/${id}`, { dueDate: null, dueTime: null });
      expect(res.json()).toMatchObject({ dueDate: null, dueTime: null });
    });

    it.each([
      [{ title: "" }, "title", "Title is required"],
      [{ subject: "Art\u0000" }, "subject", "Text must not contain the null character (\\u0000)"],
      [{ completed: "true" }, "completed", "Completed must be true or false"],
    ])("refuses %j with 400 and keeps the task as it was", async (change, field, message) => {
      const { id } = (await create(alice, { title: "Keep me", subject: "Art" })).json();
      const res = await alice.request("PUT", `/api/tasks/${id}`, change);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
      const row = await t.db.selectFrom("tasks").select(["title", "subject", "completed"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: "Keep me", subject: "Art" });
      expect(Number(row.completed)).toBe(0);
    });
  });

  describe("ownership", () => {
    it("answers 404 for another user's task on update and delete, and changes nothing", async () => {
      const { id } = (await create(alice, { title: "Alice's secret" })).json();
      const update = await bob.request("PUT", `/api/tasks/${id}`, { title: "Hacked", completed: true });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: "Task not found", code: "server.task_not_found" });
      const read = await bob.request("GET", `/api/tasks/${id}`);
      expect(read.statusCode).toBe(404);
      const del = await bob.request("DELETE", `/api/tasks/${id}`);
      expect(del.statusCode).toBe(404);
      const row = await t.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.title).toBe("Alice's secret");
      expect(Number(row.completed)).toBe(0);
    });

    it.each(["999999", "abc", "-1", "1.5", "99999999999999"])("answers 404 for the id %s", async (id) => {
      expect((await alice.request("PUT", `/api/tasks/${id}`, { completed: true })).statusCode).toBe(404);
      expect((await alice.request("DELETE", `/api/tasks/${id}`)).statusCode).toBe(404);
    });
  });

  describe("deleting", () => {
    it("deletes the task with 204", async () => {
      const { id } = (await create(alice, { title: "Temporary" })).json();
      const res = await alice.request("DELETE", `/api/tasks/${id}`);
      expect(res.statusCode).toBe(204);
      expect(await t.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect((await alice.request("DELETE", `/api/tasks/${id}`)).statusCode).toBe(404);
    });

    it("removes a user's tasks with the user", async () => {
      const client = new TestClient(t.app);
      const { user } = await client.register();
      await create(client, { title: "Goes with me" });
      await t.db.deleteFrom("users").where("id", "=", user.id).execute();
      const left = await t.db.selectFrom("tasks").selectAll().where("user_id", "=", user.id).execute();
      expect(left).toEqual([]);
    });
  });

  it("lists a user's tasks with one indexed query", async () => {
    const { sql } = await import("kysely");
    if (engine === "sqlite") {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select * from tasks where user_id = ${1} order by created_at desc, id desc`.execute(t.db);
      const details = plan.rows.map((r) => r.detail).join(" | ");
      expect(details).toContain("USING INDEX tasks_user_id_created_idx");
      expect(details).not.toContain("TEMP B-TREE");
    } else {
      // One transaction, so the planner setting and the EXPLAIN share a connection.
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ "QUERY PLAN": string }>`explain select * from tasks where user_id = ${1} order by created_at desc, id desc`.execute(
          trx,
        );
      });
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join(" ")).toContain("tasks_user_id_created_idx");
    }
  });
});
