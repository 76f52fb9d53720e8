import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import { backoffMs, createLeaseQueue } from "./lease-queue";

// The one lease queue (decision 125), on a table of its users: the mail outbox's rows stand for
// any job's work. Each job's repository test covers its own `ready`; this covers the lease.
describeEachEngine("the lease queue", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine, { poolSize: 4 }));
  });
  afterAll(() => close());

  const START = Date.UTC(2026, 10, 29, 8, 0);
  const at = (seconds: number) => new Date(START + seconds * 1000);
  const LEASE_S = 300;
  /** A claim at `seconds`: rows claimed more than the lease before it are free again. */
  const claimAt = (token: string, seconds: number, limit: number, only?: number) =>
    queue().claim(token, at(seconds), at(seconds - LEASE_S), limit, only);
  const queue = () =>
    createLeaseQueue(db, {
      table: "mail_outbox",
      ready: (eb, { now }) => eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
      orderBy: ["next_attempt_at", "id"],
    });

  /** Work due at each of `dueSeconds`, in that order of ids; answers the ids. */
  async function seed(dueSeconds: number[]): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, due] of dueSeconds.entries()) {
      const row = await db
        .insertInto("mail_outbox")
        .values({
          message_id: `<lease-${i}@hub.example>`,
          to_address: `student${i}@example.com`,
          template: "password-reset",
          locale: "en",
          params: "{}",
          status: "pending",
          next_attempt_at: at(due).toISOString(),
          send_before: at(86_400).toISOString(),
          created_at: at(0).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }
  const rowOf = (id: number) => db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    await db.deleteFrom("mail_outbox").execute();
  });

  it("claims at most `limit` ready rows, the longest waiting first, under the claimer's token", async () => {
    // Due in the order 3rd, 1st, 2nd; the last is not due yet at 100 s.
    const ids = await seed([30, 10, 20, 500]);
    await db.updateTable("mail_outbox").set({ status: "sent" }).where("id", "=", ids[1]!).execute();
    const first = await claimAt("a", 100, 1);
    expect(first.map((row) => row.id)).toEqual([ids[2]]);
    expect(first[0]).toMatchObject({ claim_token: "a", claimed_at: at(100).toISOString() });
    // The finished row and the one not due stay where they are.
    expect((await claimAt("b", 100, 10)).map((row) => row.id)).toEqual([ids[0]]);
    expect(await claimAt("c", 100, 10)).toEqual([]);
  });

  it("never hands a held row to another claimer until its lease has run out; then the old holder can no longer end it", async () => {
    const [id] = await seed([0]);
    expect(await claimAt("first", 10, 5)).toHaveLength(1);
    expect(await claimAt("second", 10 + LEASE_S - 1, 5)).toEqual([]);
    // The first holder stopped: after the lease, another takes the row over.
    expect((await claimAt("second", 10 + LEASE_S + 1, 5)).map((row) => row.id)).toEqual([id]);
    expect(await queue().finish([id!], "first", { status: "sent" })).toBe(0);
    expect(await queue().release([id!], "first")).toBe(0);
    expect(await rowOf(id!)).toMatchObject({ status: "pending", claim_token: "second" });
    expect(await queue().finish([id!], "second", { status: "sent" })).toBe(1);
    expect(await rowOf(id!)).toMatchObject({ status: "sent", claim_token: null });
    // Finished once: the same token finishes nothing a second time.
    expect(await queue().finish([id!], "second", { status: "failed" })).toBe(0);
  });

  it("gives a row back for later with retry, and at once with release", async () => {
    const [retried, released] = await seed([0, 1]);
    await claimAt("a", 10, 5);
    expect(await queue().retry([retried!], "a", { attempts: 1, next_attempt_at: at(70).toISOString(), last_error: "451" })).toBe(1);
    expect(await queue().release([released!], "a")).toBe(1);
    expect(await rowOf(retried!)).toMatchObject({ attempts: 1, claimed_at: null, claim_token: null, last_error: "451" });
    expect((await claimAt("b", 11, 5)).map((row) => row.id)).toEqual([released]);
    expect((await claimAt("c", 70, 5)).map((row) => row.id)).toEqual([retried]);
  });

  it("claims one row by its id only when it is ready and free", async () => {
    const [first, second] = await seed([0, 0]);
    expect((await claimAt("a", 10, 1, second)).map((row) => row.id)).toEqual([second]);
    expect(await claimAt("b", 10, 1, second)).toEqual([]);
    expect((await claimAt("b", 10, 1, first)).map((row) => row.id)).toEqual([first]);
  });

  it("gives claimers at the same moment disjoint batches that cover the work once", async () => {
    const ids = await seed(Array.from({ length: 40 }, (_, i) => i));
    const batches = await Promise.all(["a", "b", "c", "d"].map((token) => claimAt(token, 100, 8)));
    const claimed = batches.flat().map((row) => row.id);
    expect(batches.every((batch) => batch.length === 8)).toBe(true);
    expect(new Set(claimed).size).toBe(32);
    expect(claimed.every((id) => ids.includes(id))).toBe(true);
  });
});

it("backs off doubling from the first wait up to the longest", () => {
  expect([1, 2, 3, 4, 8, 9].map((attempt) => backoffMs(attempt, 60_000, 7_200_000))).toEqual([
    60_000, 120_000, 240_000, 480_000, 7_200_000, 7_200_000,
  ]);
  expect(backoffMs(0, 1000, 10_000)).toBe(1000);
});
