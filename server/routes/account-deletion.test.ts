import { afterAll, beforeAll, expect, it } from "vitest";
import { PASSWORD_REQUIRED as PASSWORD_REQUIRED_REF, WRONG_PASSWORD as WRONG_PASSWORD_REF } from "../../core/schemas/auth";
import { inEnglish } from "../../core/test/in-english";
import { LAST_ADMIN_ACCOUNT as LAST_ADMIN_ACCOUNT_REF } from "../services/account-service";
import { DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

// The schema's messages are references the server words (decision 108): the English answers.
const PASSWORD_REQUIRED = inEnglish(PASSWORD_REQUIRED_REF);
const WRONG_PASSWORD = inEnglish(WRONG_PASSWORD_REF);
const LAST_ADMIN_ACCOUNT = inEnglish(LAST_ADMIN_ACCOUNT_REF);

describeEachEngine("deleting one's own account", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, signInFailuresPerAccountAndIp: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async (table: "tasks" | "events" | "sessions" | "reminder_schedule", userId: number) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("deletes the user and everything of theirs in one go, ends every session and is audited with the user as the actor", async () => {
    const client = new TestClient(t.app);
    const { user, body } = await client.register();
    const elsewhere = new TestClient(t.app);
    await elsewhere.login(body.email, STRONG_PASSWORD);
    await client.request("POST", "/api/tasks", { title: "Essay", dueDate: "2099-01-01", reminder: "1-hour" });
    await client.request("POST", "/api/events", { title: "Exam", date: "2099-01-02", recurring: "weekly", customDays: ["friday"] });
    const other = new TestClient(t.app);
    await other.register();
    await other.request("POST", "/api/tasks", { title: "Not theirs" });

    const res = await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === "sid")?.value).toBe("");
    expect(await t.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
    for (const table of ["tasks", "events", "sessions", "reminder_schedule"] as const) expect(await rows(table, user.id)).toBe(0);
    expect((await elsewhere.request("GET", "/api/user")).statusCode).toBe(401);
    expect((await other.request("GET", "/api/tasks")).json()).toHaveLength(1);
    const entry = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "USER_DELETED")
      .where("target", "=", body.email)
      .executeTakeFirstOrThrow();
    expect([entry.actor_email, entry.actor_user_id]).toEqual([body.email, null]);
    expect((await new TestClient(t.app).login(body.email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it("takes the password as sign-in does: surrounding spaces are not part of it, and spaces alone are missing", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const blank = await client.request("DELETE", "/api/user", { password: "   " });
    expect([blank.statusCode, blank.json().errors]).toEqual([400, { password: [PASSWORD_REQUIRED] }]);
    const res = await client.request("DELETE", "/api/user", { password: `  ${STRONG_PASSWORD} ` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a wrong password with 401 (counted like sign-in failures), a missing one with 400, and keeps the account", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const missing = await client.request("DELETE", "/api/user", {});
    expect([missing.statusCode, missing.json().errors]).toEqual([400, { password: [PASSWORD_REQUIRED] }]);
    for (let i = 0; i < 3; i++) {
      const wrong = await client.request("DELETE", "/api/user", { password: "Wrong!Passw0rd" });
      expect([wrong.statusCode, wrong.json().message]).toEqual([401, WRONG_PASSWORD]);
    }
    // The fourth try within the window is refused like a fourth failed sign-in, even with the right password.
    expect((await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(429);
    expect((await client.request("GET", "/api/user")).json().id).toBe(user.id);
  });

  it("needs the CSRF token and a session", async () => {
    const client = new TestClient(t.app);
    await client.register();
    client.csrfToken = undefined;
    expect((await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(403);
    expect((await new TestClient(t.app).request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(401);
  });

  it("refuses the last admin with 409", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    await t.db.updateTable("users").set({ is_admin: 0 }).execute();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    const res = await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD });
    expect([res.statusCode, res.json().message]).toEqual([409, LAST_ADMIN_ACCOUNT]);
    expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
  });
});
