import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "./connection";

describe("SQLite durability", () => {
  let db: Db;
  afterEach(async () => db?.destroy());
  const synchronous = async () => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;

  it("syncs every commit by default (synchronous = FULL): an acknowledged task survives a power cut", async () => {
    db = createDb({ kind: "sqlite", file: ":memory:" });
    expect(await synchronous()).toBe(2);
  });

  it("can trade that for speed when an operator chooses NORMAL", async () => {
    db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteSynchronous: "NORMAL" });
    expect(await synchronous()).toBe(1);
  });
});

describe("SQLite connection with reused prepared statements", () => {
  let db: Db;
  afterEach(async () => db?.destroy());

  it("answers each distinct query with its own statement, also after older ones were evicted", async () => {
    db = createDb({ kind: "sqlite", file: ":memory:" });
    const first = await sql<{ n: number }>`select 0 as n`.execute(db);
    // 600 distinct SQL texts: more than the cache holds, so the first is evicted and re-prepared.
    for (let i = 1; i <= 600; i++) {
      const result = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(db);
      expect(result.rows).toEqual([{ n: i }]);
    }
    expect((await sql<{ n: number }>`select 0 as n`.execute(db)).rows).toEqual(first.rows);
  });

  it("sees a column added after the statement was first prepared", async () => {
    db = createDb({ kind: "sqlite", file: ":memory:" });
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t (a) values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'x'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1, b: "x" }]);
  });

  it("reuses a statement for repeated parameterised queries with different values", async () => {
    db = createDb({ kind: "sqlite", file: ":memory:" });
    for (const value of [1, 2, 3]) {
      expect((await sql<{ v: number }>`select ${value} as v`.execute(db)).rows).toEqual([{ v: value }]);
    }
  });
});
