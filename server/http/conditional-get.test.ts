import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ifNoneMatchMatches } from "./conditional-get";
import { buildTestApp, describeEachEngine, describePostgresOnly, expectConditionalGet, TestClient, type TestApp } from "../test/harness";

const CLASSES = ["Algebra", "Biology", "Chemistry", "English", "History", "Spanish"];
const MONDAYS = {
  title: "Swim practice",
  date: "2025-01-06",
  time: "15:30",
  eventType: "practice",
  recurring: "weekly",
  customDays: ["monday"],
};
const LISTS = ["/api/tasks", "/api/events", "/api/user"] as const;

async function etagOf(client: TestClient, url: string): Promise<string> {
  const res = await client.request("GET", url);
  expect(res.statusCode).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^"[\w-]+"$/);
  return String(etag);
}

async function etags(client: TestClient): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const url of LISTS) out[url] = await etagOf(client, url);
  return out;
}

function created(res: { statusCode: number; body: string; json: () => { id: number } }): { id: number } {
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe("If-None-Match", () => {
  it("matches the tag itself, its weak form, a list naming it, and *", () => {
    expect(ifNoneMatchMatches('"tasks-a"', '"tasks-a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"tasks-a"', '"tasks-a"')).toBe(true);
    expect(ifNoneMatchMatches('"x", "tasks-a"', '"tasks-a"')).toBe(true);
    expect(ifNoneMatchMatches("*", '"tasks-a"')).toBe(true);
    expect(ifNoneMatchMatches('"tasks-b"', '"tasks-a"')).toBe(false);
    expect(ifNoneMatchMatches('"tasks-a', '"tasks-a"')).toBe(false);
    expect(ifNoneMatchMatches("", '"tasks-a"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"tasks-a"')).toBe(false);
  });
});

// docs/decisions/066: list reads carry a strong ETag from the user's data version, bumped by
// every write to their tasks, events or classes, and a matching If-None-Match gets 304.
describeEachEngine("conditional list reads", (engine) => {
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

  it("answers 304 with no body for a matching If-None-Match, and the same ETag", async () => {
    created(await alice.request("POST", "/api/tasks", { title: "Read chapter 4" }));
    created(await alice.request("POST", "/api/events", MONDAYS));
    for (const url of LISTS) {
      const first = await expectConditionalGet(alice, url);
      // A stale tag gets the list.
      const stale = await alice.getIfNoneMatch(url, '"tasks-stale"');
      expect(stale.statusCode, url).toBe(200);
      expect(stale.body, url).toBe(first.body);
    }
  });

  it("keeps every ETag while nothing is written: reads, refused writes and another user's writes", async () => {
    const before = await etags(alice);
    const task = created(await alice.request("POST", "/api/tasks", { title: "Essay" }));
    const after = await etags(alice);
    await alice.request("GET", `/api/tasks/${task.id}`);
    expect((await alice.request("PUT", `/api/tasks/${task.id}`, { title: "" })).statusCode).toBe(400);
    expect((await alice.request("PUT", "/api/tasks/999999", { title: "Missing" })).statusCode).toBe(404);
    expect((await alice.request("POST", "/api/events", { title: "No date" })).statusCode).toBe(400);
    expect((await alice.request("PUT", "/api/user/classes", { userClasses: ["Only one"] })).statusCode).toBe(400);
    // Bob writes every kind of row; Alice's tags do not move.
    created(await bob.request("POST", "/api/tasks", { title: "Bob's task" }));
    created(await bob.request("POST", "/api/events", MONDAYS));
    expect((await bob.request("PUT", "/api/user/classes", { userClasses: CLASSES })).statusCode).toBe(200);
    // A task Bob cannot reach is not found for him, and Alice's tags stay.
    expect((await bob.request("DELETE", `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect(await etags(alice)).toEqual(after);
    expect(after["/api/tasks"]).not.toBe(before["/api/tasks"]);
  });

  it("changes the list tags after every kind of task write", async () => {
    const task = created(await alice.request("POST", "/api/tasks", { title: "Lab report" }));
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["create", () => alice.request("POST", "/api/tasks", { title: "Another" })],
      ["update", () => alice.request("PUT", `/api/tasks/${task.id}`, { title: "Lab report v2" })],
      ["toggle", () => alice.request("PUT", `/api/tasks/${task.id}`, { completed: true })],
      ["toggle back", () => alice.request("PUT", `/api/tasks/${task.id}`, { completed: false })],
      ["delete", () => alice.request("DELETE", `/api/tasks/${task.id}`)],
    ];
    await expectEachWriteChangesTags(writes);
  });

  it("changes the list tags after every kind of event write, series operations included", async () => {
    const plain = created(await alice.request("POST", "/api/events", { title: "Exam", date: "2025-03-10" }));
    const series = created(await alice.request("POST", "/api/events", MONDAYS));
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["create", () => alice.request("POST", "/api/events", { title: "Club", date: "2025-03-11" })],
      ["update", () => alice.request("PUT", `/api/events/${plain.id}`, { title: "Final exam", date: "2025-03-10" })],
      ["exception", () => alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" })],
      [
        "edit one occurrence",
        () => alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-20`, { ...MONDAYS, title: "Gala" }),
      ],
      [
        "edit this and future",
        () => alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-02-03`, { ...MONDAYS, time: "16:00" }),
      ],
      ["end the series", () => alice.request("PATCH", `/api/events/${series.id}`, { customEndDate: "2025-01-27" })],
      ["delete one occurrence", () => alice.request("DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-06`)],
      ["delete", () => alice.request("DELETE", `/api/events/${plain.id}`)],
    ];
    await expectEachWriteChangesTags(writes);
  });

  it("changes every tag, /api/user's included, when classes are saved, and not when the same classes are saved again", async () => {
    const before = await etags(alice);
    expect((await alice.request("POST", "/api/user/classes", { userClasses: CLASSES })).statusCode).toBe(200);
    const after = await etags(alice);
    for (const url of LISTS) expect(after[url], url).not.toBe(before[url]);
    expect((await alice.request("PUT", "/api/user/classes", { userClasses: CLASSES })).statusCode).toBe(200);
    expect(await etags(alice)).toEqual(after);
  });

  it("never gives two users the same tag, so one user's tag gets the other a full answer", async () => {
    const carol = new TestClient(t.app);
    const dave = new TestClient(t.app);
    await carol.register();
    await dave.register();
    // Same data version (0) and the same empty list: the tags still differ.
    for (const url of ["/api/tasks", "/api/events"]) {
      const carolTag = await etagOf(carol, url);
      expect(await etagOf(dave, url)).not.toBe(carolTag);
      const res = await dave.getIfNoneMatch(url, carolTag);
      expect(res.statusCode).toBe(200);
    }
  });

  it("bumps the version in the write's transaction: a write rolled back leaves the tag", async () => {
    const before = await etagOf(alice, "/api/tasks");
    const userId = (await alice.request("GET", "/api/user")).json().id;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("tasks")
          .values({
            user_id: userId,
            title: "Never kept",
            priority: "medium",
            recurring: "none",
            completed: 0,
            created_at: "x",
            updated_at: "x",
          } as never)
          .execute();
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await etagOf(alice, "/api/tasks")).toBe(before);
  });

  it("deletes an account with tasks and events (the triggers run on the cascade)", async () => {
    const erin = new TestClient(t.app);
    const { user } = await erin.register();
    created(await erin.request("POST", "/api/tasks", { title: "Gone" }));
    created(await erin.request("POST", "/api/events", MONDAYS));
    await t.db.deleteFrom("users").where("id", "=", user.id).execute();
    const left = await sql<{ n: number }>`select count(*) as n from tasks where user_id = ${user.id}`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  /** Each write, in order, changes the tasks and events tags from what they were just before it. */
  async function expectEachWriteChangesTags(writes: Array<[string, () => Promise<unknown>]>) {
    const seen = new Set<string>();
    let previous = await etags(alice);
    for (const [name, write] of writes) {
      const res = (await write()) as { statusCode: number; body: string };
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      const now = await etags(alice);
      expect(now["/api/tasks"], name).not.toBe(previous["/api/tasks"]);
      expect(now["/api/events"], name).not.toBe(previous["/api/events"]);
      // A 304 for the tag before the write would keep a stale list.
      const stale = await alice.getIfNoneMatch("/api/tasks", previous["/api/tasks"]!);
      expect(stale.statusCode, name).toBe(200);
      expect(seen.has(now["/api/tasks"]!), `${name}: a tag came back`).toBe(false);
      seen.add(now["/api/tasks"]!);
      previous = now;
    }
  }
});

describePostgresOnly("conditional reads on two app instances", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp("postgres");
    second = await buildTestApp("postgres", { database: first.config.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("agree on a tag, and a write through one is seen through the other", async () => {
    const onFirst = new TestClient(first.app);
    await onFirst.register();
    const onSecond = onFirst.sameBrowserOn(second.app);

    created(await onFirst.request("POST", "/api/tasks", { title: "First" }));
    const tag = await etagOf(onFirst, "/api/tasks");
    expect(await etagOf(onSecond, "/api/tasks")).toBe(tag);
    expect((await expectConditionalGet(onSecond, "/api/tasks")).etag).toBe(tag);

    created(await onSecond.request("POST", "/api/tasks", { title: "Second" }));
    // Once the first instance has the write's notification (decision 093; how soon: hot-reads.test.ts).
    await first.services.changeFeed.settle();
    const res = await onFirst.getIfNoneMatch("/api/tasks", tag);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((task: { title: string }) => task.title)
        .sort(),
    ).toEqual(["First", "Second"]);
    expect(res.headers.etag).toBe(await etagOf(onSecond, "/api/tasks"));
    // The first instance keeps the list it answered; a write through the second makes it unusable.
    created(await onSecond.request("POST", "/api/tasks", { title: "Third" }));
    await first.services.changeFeed.settle();
    const plain = await onFirst.request("GET", "/api/tasks");
    expect(
      plain
        .json()
        .map((task: { title: string }) => task.title)
        .sort(),
    ).toEqual(["First", "Second", "Third"]);
  });
});
