import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isPostgres } from "../db/connection";
import { hashSessionId } from "../repositories/sessions";
import { hashPassword } from "./passwords";
import { buildTestApp, describeEachEngine, newUserBody, TestClient, type TestApp } from "../test/harness";

const TEMPORARY = "Temp0rary!Pass";
const NEW_PASSWORD = "Brand!N3wPass";

describeEachEngine("account changes are atomic", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  /** Makes every insert into `table` fail while `work` runs: a failure injected mid-transaction. */
  async function withFailingInserts<T>(table: "audit_log" | "sessions", work: () => Promise<T>): Promise<T> {
    const trigger = sql.id(`fail_${table}_insert`);
    if (isPostgres(t.db)) {
      await sql`create or replace function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
        t.db,
      );
      await sql`create trigger ${trigger} before insert on ${sql.table(table)} for each row execute function fail_insert()`.execute(t.db);
    } else {
      await sql`create trigger ${trigger} before insert on ${sql.table(table)} begin select raise(abort, 'injected failure'); end`.execute(
        t.db,
      );
    }
    try {
      return await work();
    } finally {
      await (isPostgres(t.db) ? sql`drop trigger ${trigger} on ${sql.table(table)}` : sql`drop trigger ${trigger}`).execute(t.db);
    }
  }

  const sessionCount = async (userId: number) =>
    (await t.db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute()).length;
  const auditEntries = async (userId: number) => t.db.selectFrom("audit_log").selectAll().where("actor_user_id", "=", userId).execute();

  it("rolls back a password change whose audit write fails: same password, same sessions, no audit entry, no new cookie", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    await t.db
      .updateTable("users")
      .set({
        password_hash: await hashPassword(TEMPORARY),
        password_reset_required: 1,
        temporary_password_expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .where("id", "=", user.id)
      .execute();
    const other = new TestClient(t.app);
    expect((await other.login(user.email, TEMPORARY)).statusCode).toBe(200);
    const hashBefore = await t.services.users.findPasswordHash(user.id);
    const cookieBefore = client.cookie;
    const change = { temporaryPassword: TEMPORARY, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

    // The new hash is written and every session deleted and one created before the audit insert fails.
    const failed = await withFailingInserts("audit_log", () => client.request("POST", "/api/auth/set-new-password", change));
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "server.internal_error" });
    expect(failed.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(client.cookie).toBe(cookieBefore);

    expect(await t.services.users.findPasswordHash(user.id)).toBe(hashBefore);
    expect(
      (await t.db.selectFrom("users").select("password_reset_required").where("id", "=", user.id).executeTakeFirstOrThrow())
        .password_reset_required,
    ).toBe(1);
    expect(await sessionCount(user.id)).toBe(2);
    expect((await other.request("GET", "/api/user")).statusCode).toBe(200);
    expect((await client.request("GET", "/api/user")).json().passwordResetRequired).toBe(true);
    expect(await auditEntries(user.id)).toEqual([]);

    // Nothing half-done is in the way: the same change now succeeds whole.
    const ok = await client.request("POST", "/api/auth/set-new-password", change);
    expect(ok.statusCode).toBe(200);
    expect(client.cookie).not.toBe(cookieBefore);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await other.request("GET", "/api/user")).statusCode).toBe(401);
    const [entry, ...more] = await auditEntries(user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "PASSWORD_CHANGED", target: user.email });
  });

  it("rolls back a registration whose session cannot be created: no account is left behind", async () => {
    const body = newUserBody();
    const failed = await withFailingInserts("sessions", () => new TestClient(t.app).request("POST", "/api/register", body));
    expect(failed.statusCode).toBe(500);
    expect(failed.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(await t.services.users.findByEmail(body.email)).toBeUndefined();

    const client = new TestClient(t.app);
    const ok = await client.request("POST", "/api/register", body);
    expect(ok.statusCode).toBe(201);
    const session = await t.db
      .selectFrom("sessions")
      .select("user_id")
      .where("id_hash", "=", hashSessionId(client.cookie!.slice(4)))
      .executeTakeFirst();
    expect(session?.user_id).toBe(ok.json().id);
  });
});
