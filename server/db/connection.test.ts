import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
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

describe("SQLite transactions beside another process writing the same file", () => {
  let db: Db;
  let other: SQLite.Database | undefined;
  let file = "";
  afterEach(async () => {
    other?.close();
    await db?.destroy();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
  });

  it("take the write lock when they begin, so reading and then writing never fails halfway", async () => {
    file = path.join(os.tmpdir(), `student-hub-immediate-${process.pid}-${Date.now()}.db`);
    db = createDb({ kind: "sqlite", file });
    await sql`create table t (n integer)`.execute(db);
    other = new SQLite(file);
    other.pragma("busy_timeout = 0");
    let otherWrote = false;
    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      // Another process writes while this transaction is open: it must wait (here: fail at once,
      // having no busy timeout), instead of making this transaction's write fail below.
      try {
        other!.exec("insert into t (n) values (2)");
        otherWrote = true;
      } catch (error) {
        expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
      }
      await sql`insert into t (n) values (1)`.execute(trx);
    });
    expect(otherWrote).toBe(false);
    expect((await sql<{ n: number }>`select n from t`.execute(db)).rows).toEqual([{ n: 1 }]);
  });
});
