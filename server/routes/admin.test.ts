import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_LOCKED, ADMINS_ONLY } from "../../core/admin";
import {
  CANNOT_CHANGE_OWN_STATUS,
  CANNOT_DELETE_SELF,
  CANNOT_RESET_ADMIN,
  generatePasscode,
  generateTemporaryPassword,
  LAST_ADMIN,
  PASSCODE_ALPHABET,
  TEMPORARY_PASSWORD_ALPHABET,
  TOO_MANY_PASSCODES,
  WRONG_PASSCODE,
} from "../services/admin-service";
import { setNewPasswordSchema, strongPassword } from "../../core/schemas/auth";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";

const PASSCODE = "K7QM";
/** A temporary password's shape: `Kp7m-Rt4x-Wq9z` (decision 100). */
const GROUPED = /^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){2}$/;

/** Every admin route but the step-up and the CSRF token, with a body where it takes one. */
const ADMIN_ROUTES: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/users"],
  ["PATCH", "/api/admin/users/1/admin-status", { isAdmin: true }],
  ["POST", "/api/admin/users/1/reset-password"],
  ["POST", "/api/admin/users/import", { csv: "email,firstName,lastName\nnew@school.test,New,Student\n", dryRun: false }],
  ["DELETE", "/api/admin/users/1"],
  ["GET", "/api/admin/audit-logs"],
  ["GET", "/api/admin/settings"],
  ["PUT", "/api/admin/settings", { instagramUrl: null, logoUrl: null }],
];

describeEachEngine("admin API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE } });
  });
  afterAll(() => t.close());

  /** A signed-in account; `admin` makes it an admin in the database first. */
  async function account(options: { admin?: boolean; firstName?: string; lastName?: string } = {}) {
    const client = new TestClient(t.app);
    const { user, body } = await client.register({ firstName: options.firstName ?? "Ada", lastName: options.lastName ?? "Lovelace" });
    if (options.admin) await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    return { client, id: user.id as number, email: body.email };
  }

  async function unlockedAdmin(options: { firstName?: string } = {}) {
    const admin = await account({ admin: true, ...options });
    const res = await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE });
    expect(res.statusCode).toBe(200);
    await admin.client.refreshCsrf();
    return admin;
  }

  const auditRows = () => t.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    await t.db.deleteFrom("rate_limits").execute();
  });

  describe("who may call it", () => {
    it("a visitor gets 401, a student 403, a locked admin 403 with the passcode message, on every route and percent-encoded", async () => {
      const visitor = new TestClient(t.app);
      const student = await account();
      const locked = await account({ admin: true });
      for (const [method, path, body] of ADMIN_ROUTES) {
        for (const url of [path, path.replace("/api/", "/%61pi/")]) {
          expect((await visitor.request(method, url, body)).statusCode, `${method} ${url} (visitor)`).toBe(401);
          const asStudent = await student.client.request(method, url, body);
          expect(asStudent.statusCode, `${method} ${url} (student)`).toBe(403);
          const asLocked = await locked.client.request(method, url, body);
          expect(asLocked.statusCode, `${method} ${url} (locked admin)`).toBe(403);
          expect(asLocked.json()).toEqual(refusal(ADMIN_LOCKED));
        }
      }
      // Nothing happened to user 1.
      expect((await t.db.selectFrom("users").select("id").where("id", "=", 1).execute()).length).toBe(1);
    });

    it("a student gets 403 from the step-up whatever they send, even the right passcode", async () => {
      const student = await account();
      for (const body of [{ passcode: PASSCODE }, { passcode: "nope" }, {}]) {
        const res = await student.client.request("POST", "/api/admin/login", body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(refusal(ADMINS_ONLY));
      }
    });

    it("writes need the CSRF token, even unlocked", async () => {
      const admin = await unlockedAdmin();
      const res = await admin.client.request(
        "PUT",
        "/api/admin/settings",
        { instagramUrl: null, logoUrl: null },
        { "x-csrf-token": "forged" },
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe("the passcode step-up", () => {
    it("Stay unlocked gives another 30 minutes from now, with a new session id, only while unlocked (WCAG 2.2.1)", async () => {
      const admin = await account({ admin: true });
      const refused = await admin.client.request("POST", "/api/admin/extend");
      expect([refused.statusCode, refused.json().code]).toEqual([403, "server.admin_locked"]);
      expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await admin.client.refreshCsrf();
      // 29 minutes in: nearly over.
      const unlockedAt = new Date(Date.now() - 29 * 60 * 1000).toISOString();
      await t.db.updateTable("sessions").set({ admin_unlocked_at: unlockedAt }).where("user_id", "=", admin.id).execute();
      const cookie = admin.client.cookie;
      const before = Date.now();
      const extended = await admin.client.request("POST", "/api/admin/extend");
      expect(extended.statusCode, extended.body).toBe(200);
      const until = Date.parse(extended.json().adminUnlockedUntil);
      expect(until - before).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
      expect(admin.client.cookie).not.toBe(cookie);
      expect((await admin.client.request("GET", "/api/session")).json().adminUnlockedUntil).toBe(extended.json().adminUnlockedUntil);
      // Once the 30 minutes have ended, it is the passcode again.
      await t.db
        .updateTable("sessions")
        .set({ admin_unlocked_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
        .where("user_id", "=", admin.id)
        .execute();
      await admin.client.refreshCsrf();
      expect((await admin.client.request("POST", "/api/admin/extend")).statusCode).toBe(403);
    });

    it("the right passcode unlocks for 30 minutes with a new session id and CSRF token; the old ones stop working", async () => {
      const admin = await account({ admin: true });
      const oldCookie = admin.client.cookie;
      const oldToken = admin.client.csrfToken;
      const before = Date.now();
      const res = await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE.toLowerCase() });
      expect(res.statusCode).toBe(200);
      const until = Date.parse(res.json().adminUnlockedUntil);
      expect(until - before).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
      expect(until - before).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
      expect(admin.client.cookie).not.toBe(oldCookie);
      const session = (await admin.client.request("GET", "/api/session")).json();
      expect(session.adminUnlockedUntil).toBe(res.json().adminUnlockedUntil);
      // The old token no longer works; the new one does.
      const stale = await admin.client.request(
        "PUT",
        "/api/admin/settings",
        { instagramUrl: null, logoUrl: null },
        { "x-csrf-token": oldToken! },
      );
      expect(stale.statusCode).toBe(403);
      expect(await admin.client.refreshCsrf()).not.toBe(oldToken);
      expect((await admin.client.request("GET", "/api/admin/users")).statusCode).toBe(200);
      // The old cookie is a visitor's now.
      const old = new TestClient(t.app);
      old.cookie = oldCookie;
      expect((await old.request("GET", "/api/admin/users")).statusCode).toBe(401);
    });

    it("a sign-in in a browser that already had a session gets a new CSRF token; the old one stops working", async () => {
      const { client, email } = await account();
      const oldToken = client.csrfToken!;
      expect((await client.login(email, STRONG_PASSWORD)).statusCode).toBe(200);
      expect(client.csrfToken).not.toBe(oldToken);
      expect((await client.request("POST", "/api/tasks", { title: "x" }, { "x-csrf-token": oldToken })).statusCode).toBe(403);
      expect((await client.request("POST", "/api/tasks", { title: "x" })).statusCode).toBe(201);
    });

    it("a wrong passcode is 401 with a message; every try is audited", async () => {
      const admin = await account({ admin: true });
      const wrong = await admin.client.request("POST", "/api/admin/login", { passcode: "ZZZZ" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(refusal(WRONG_PASSCODE));
      expect((await admin.client.request("GET", "/api/session")).json().adminUnlockedUntil).toBeNull();
      await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE });
      const mine = (await auditRows()).filter((row) => row.actor_user_id === admin.id);
      expect(mine.map((row) => [row.action, row.actor_email, row.details])).toEqual([
        ["ADMIN_UNLOCK_FAILED", admin.email, JSON.stringify({ reason: "wrong passcode" })],
        ["ADMIN_UNLOCKED", admin.email, null],
      ]);
    });

    it("5 wrong tries lock the account's step-up for 15 minutes: 429 with Retry-After, the right passcode included", async () => {
      const admin = await account({ admin: true });
      for (let i = 0; i < 5; i++)
        expect((await admin.client.request("POST", "/api/admin/login", { passcode: "ZZZZ" })).statusCode).toBe(401);
      const locked = await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(refusal(TOO_MANY_PASSCODES));
      const retryAfter = Number(locked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await admin.client.request("GET", "/api/session")).json().adminUnlockedUntil).toBeNull();
      // Another admin is not locked out by it.
      const other = await account({ admin: true });
      expect((await other.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      const tries = (await auditRows()).filter((row) => row.actor_user_id === admin.id).map((row) => row.action);
      expect(tries).toEqual([...Array(6).fill("ADMIN_UNLOCK_FAILED")]);
    });

    it("Exit Admin locks the panel and keeps the person signed in", async () => {
      const admin = await unlockedAdmin();
      expect((await admin.client.request("POST", "/api/admin/logout")).statusCode).toBe(200);
      await admin.client.refreshCsrf();
      expect((await admin.client.request("GET", "/api/admin/users")).json()).toEqual(refusal(ADMIN_LOCKED));
      expect((await admin.client.request("GET", "/api/user")).statusCode).toBe(200);
      expect((await admin.client.request("GET", "/api/session")).json().adminUnlockedUntil).toBeNull();
    });

    it("an unlock older than 30 minutes is locked again", async () => {
      const admin = await unlockedAdmin();
      const past = new Date(Date.now() - 31 * 60 * 1000).toISOString();
      await t.db.updateTable("sessions").set({ admin_unlocked_at: past }).where("user_id", "=", admin.id).execute();
      expect((await admin.client.request("GET", "/api/admin/users")).statusCode).toBe(403);
      expect((await admin.client.request("GET", "/api/session")).json().adminUnlockedUntil).toBeNull();
    });
  });

  describe("GET /api/admin/users", () => {
    it("searches part of the email, first or last name in any case, filters by role, and sends nothing secret", async () => {
      const admin = await unlockedAdmin();
      const tag = `zq${Date.now().toString(36)}`;
      const a = await account({ firstName: `${tag}Mina` });
      const b = await account({ lastName: `Van${tag.toUpperCase()}` });
      const c = await account({ admin: true, firstName: `${tag}Boss` });
      const ids = async (query: string) =>
        (await admin.client.request("GET", `/api/admin/users?${query}`)).json().map((u: { id: number }) => u.id);
      expect(await ids(`search=${tag.toUpperCase()}`)).toEqual([c.id, b.id, a.id]);
      expect(await ids(`search=${tag}&isAdmin=true`)).toEqual([c.id]);
      expect(await ids(`search=${tag}&isAdmin=false`)).toEqual([b.id, a.id]);
      expect(await ids(`search=${encodeURIComponent(a.email.slice(3, 12))}`)).toContain(a.id);
      const row = (await admin.client.request("GET", `/api/admin/users?search=${tag}mina`)).json()[0];
      expect(Object.keys(row).sort()).toEqual([
        "createdAt",
        "email",
        "firstName",
        "hasPassword",
        "id",
        "isAdmin",
        "lastName",
        "passwordResetRequired",
        "providers",
        "twoFactor",
      ]);
      // Whether a password is set, and whether a second factor is on, never anything of either.
      expect(row).toMatchObject({ hasPassword: true, providers: [], twoFactor: false });
    });

    it("takes % and _ in a search as text, not wildcards", async () => {
      const admin = await unlockedAdmin();
      const odd = await account({ firstName: "100%_real" });
      const ids = async (search: string) =>
        (await admin.client.request("GET", `/api/admin/users?search=${encodeURIComponent(search)}`))
          .json()
          .map((u: { id: number }) => u.id);
      expect(await ids("%_r")).toEqual([odd.id]);
      expect(await ids("_")).toEqual([odd.id]);
      expect(await ids("100%\\")).toEqual([]);
      expect((await admin.client.request("GET", `/api/admin/users?search=${encodeURIComponent("\\")}`)).statusCode).toBe(200);
    });

    it("pages newest first by limit and after, with a Link to the next page while a page is full", async () => {
      const admin = await unlockedAdmin();
      const tag = `pg${Date.now().toString(36)}`;
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push((await account({ firstName: `${tag}${i}` })).id);
      const newestFirst = [...made].reverse();
      const first = await admin.client.request("GET", `/api/admin/users?search=${tag}&limit=2`);
      expect(first.json().map((u: { id: number }) => u.id)).toEqual(newestFirst.slice(0, 2));
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
      expect(next).toBe(`/api/admin/users?search=${tag}&limit=2&after=${newestFirst[1]}`);
      const second = await admin.client.request("GET", next);
      expect(second.json().map((u: { id: number }) => u.id)).toEqual(newestFirst.slice(2, 4));
      const third = await admin.client.request("GET", /<([^>]+)>/.exec(String(second.headers.link))![1]!);
      expect(third.json().map((u: { id: number }) => u.id)).toEqual([newestFirst[4]]);
      expect(third.headers.link).toBeUndefined();
    });

    it("orders by when the account was made, not by id, pages included", async () => {
      const admin = await unlockedAdmin();
      const tag = `ca${Date.now().toString(36)}`;
      const made: number[] = [];
      for (let i = 0; i < 4; i++) made.push((await account({ firstName: `${tag}${i}` })).id);
      // The first account made is dated last, as a clock that was ahead on another instance would.
      const [first, second, third, fourth] = made as [number, number, number, number];
      await t.db.updateTable("users").set({ created_at: "2099-01-01T00:00:00.000Z" }).where("id", "=", first).execute();
      const page = async (query: string) =>
        (await admin.client.request("GET", `/api/admin/users?search=${tag}&${query}`)).json().map((u: { id: number }) => u.id);
      expect(await page("limit=10")).toEqual([first, fourth, third, second]);
      expect(await page(`limit=2&after=${first}`)).toEqual([fourth, third]);
      expect(await page(`limit=2&after=${third}`)).toEqual([second]);
    });

    it("goes on after the last user seen when that user was deleted before the next page", async () => {
      const admin = await unlockedAdmin();
      const tag = `gd${Date.now().toString(36)}`;
      const made: number[] = [];
      for (let i = 0; i < 4; i++) made.push((await account({ firstName: `${tag}${i}` })).id);
      const [first, second, third] = made as [number, number, number, number];
      expect((await admin.client.request("DELETE", `/api/admin/users/${third}`)).statusCode).toBe(204);
      const next = await admin.client.request("GET", `/api/admin/users?search=${tag}&limit=2&after=${third}`);
      expect(next.json().map((u: { id: number }) => u.id)).toEqual([second, first]);
    });

    it("says in X-Total-Count how many users match the search and filter over all pages; the body stays an array", async () => {
      const admin = await unlockedAdmin();
      const tag = `tc${Date.now().toString(36)}`;
      for (let i = 0; i < 3; i++) await account({ firstName: `${tag}${i}` });
      await account({ admin: true, firstName: `${tag}Boss` });
      const answer = async (query: string) => {
        const res = await admin.client.request("GET", `/api/admin/users?${query}`);
        expect(res.statusCode, query).toBe(200);
        expect(Array.isArray(res.json()), query).toBe(true);
        return { total: res.headers["x-total-count"], rows: res.json().length };
      };
      expect(await answer(`search=${tag}&limit=2`)).toEqual({ total: "4", rows: 2 });
      // Every page says the same total, whatever its cursor.
      const firstPage = await admin.client.request("GET", `/api/admin/users?search=${tag}&limit=2`);
      const next = /<([^>]+)>; rel="next"/.exec(String(firstPage.headers.link))![1]!;
      expect((await admin.client.request("GET", next)).headers["x-total-count"]).toBe("4");
      expect(await answer(`search=${tag}&isAdmin=true`)).toEqual({ total: "1", rows: 1 });
      expect(await answer(`search=${tag}&isAdmin=false`)).toEqual({ total: "3", rows: 3 });
      expect(await answer(`search=${tag}nobody`)).toEqual({ total: "0", rows: 0 });
      const everyone = await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      expect((await answer("limit=1")).total).toBe(String(Number(everyone.n)));
    });

    it("refuses a malformed filter, limit or cursor with 400 in the one error shape", async () => {
      const admin = await unlockedAdmin();
      for (const query of [
        "isAdmin=yes",
        "isAdmin=true&isAdmin=false",
        "limit=0",
        "limit=201",
        "limit=ten",
        "after=-1",
        "after=x",
        `search=${"a".repeat(201)}`,
      ]) {
        const res = await admin.client.request("GET", `/api/admin/users?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(typeof res.json().message).toBe("string");
      }
    });
  });

  describe("admin status", () => {
    it("promotes and demotes with audit entries; a non-boolean is 400, an unknown id 404", async () => {
      const admin = await unlockedAdmin();
      const student = await account();
      const promote = await admin.client.request("PATCH", `/api/admin/users/${student.id}/admin-status`, { isAdmin: true });
      expect(promote.statusCode).toBe(200);
      expect(promote.json()).toMatchObject({ id: student.id, isAdmin: true });
      expect((await admin.client.request("PATCH", `/api/admin/users/${student.id}/admin-status`, { isAdmin: false })).json().isAdmin).toBe(
        false,
      );
      for (const body of [{ isAdmin: "true" }, {}, { isAdmin: 1 }]) {
        expect((await admin.client.request("PATCH", `/api/admin/users/${student.id}/admin-status`, body)).statusCode).toBe(400);
      }
      expect((await admin.client.request("PATCH", "/api/admin/users/99999999/admin-status", { isAdmin: true })).statusCode).toBe(404);
      expect((await admin.client.request("PATCH", "/api/admin/users/abc/admin-status", { isAdmin: true })).statusCode).toBe(404);
      const entries = (await auditRows()).filter((row) => row.target === student.email);
      expect(entries.map((row) => [row.action, row.actor_email])).toEqual([
        ["ADMIN_GRANTED", admin.email],
        ["ADMIN_REVOKED", admin.email],
      ]);
    });

    it("a demoted admin's unlocked sessions stay locked when the role is granted again", async () => {
      const admin = await unlockedAdmin();
      const demoted = await unlockedAdmin({ firstName: "Grace" });
      expect((await demoted.client.request("GET", "/api/admin/users")).statusCode).toBe(200);
      for (const isAdmin of [false, true]) {
        const res = await admin.client.request("PATCH", `/api/admin/users/${demoted.id}/admin-status`, { isAdmin });
        expect(res.statusCode, res.body).toBe(200);
      }
      const again = await demoted.client.request("GET", "/api/admin/users");
      expect([again.statusCode, again.json()]).toEqual([403, refusal(ADMIN_LOCKED)]);
      const unlocked = await t.db
        .selectFrom("sessions")
        .select("id_hash")
        .where("user_id", "=", demoted.id)
        .where("admin_unlocked_at", "is not", null)
        .execute();
      expect(unlocked).toEqual([]);
      // The passcode unlocks it as before.
      expect((await demoted.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    });

    it("an admin cannot change their own status, and the last admin can never be demoted, even by two admins at once", async () => {
      const a = await unlockedAdmin();
      const own = await a.client.request("PATCH", `/api/admin/users/${a.id}/admin-status`, { isAdmin: false });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual(refusal(CANNOT_CHANGE_OWN_STATUS));
      // Exactly two admins, each demoting the other at the same moment: one wins, one admin stays.
      const b = await unlockedAdmin();
      await t.db.updateTable("users").set({ is_admin: 0 }).where("id", "not in", [a.id, b.id]).execute();
      const answers = await Promise.all([
        a.client.request("PATCH", `/api/admin/users/${b.id}/admin-status`, { isAdmin: false }),
        b.client.request("PATCH", `/api/admin/users/${a.id}/admin-status`, { isAdmin: false }),
      ]);
      const codes = answers.map((res) => res.statusCode).sort();
      // The loser is refused as the last admin (409), or, if the winner's change landed first, as no admin any more (403).
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await t.db.selectFrom("users").select("id").where("is_admin", "=", 1).execute();
      expect(admins).toHaveLength(1);
      // The one left cannot be removed by the service either (the rule, not only the guard).
      const last = await t.db.selectFrom("users").selectAll().where("id", "=", admins[0]!.id).executeTakeFirstOrThrow();
      const other = await t.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", last.id === a.id ? b.id : a.id)
        .executeTakeFirstOrThrow();
      await expect(t.services.admin.setAdminStatus(other, last.id, false)).rejects.toMatchObject({ message: LAST_ADMIN });
      await expect(t.services.admin.deleteUser(other, last.id)).rejects.toMatchObject({ message: LAST_ADMIN });
    });
  });

  describe("password reset", () => {
    it("gives a new readable temporary password each time, ends the user's sessions, and only the newest works, only to set a new password", async () => {
      const admin = await unlockedAdmin();
      const student = await account();
      const first = await admin.client.request("POST", `/api/admin/users/${student.id}/reset-password`);
      expect(first.statusCode).toBe(200);
      const second = await admin.client.request("POST", `/api/admin/users/${student.id}/reset-password`);
      const temporary = second.json().temporaryPassword as string;
      expect(temporary).toMatch(GROUPED);
      expect(temporary).not.toBe(first.json().temporaryPassword);
      // The student's browser is signed out; the old and the first temporary password no longer work.
      expect((await student.client.request("GET", "/api/user")).statusCode).toBe(401);
      const again = new TestClient(t.app);
      expect((await again.login(student.email, STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await again.login(student.email, first.json().temporaryPassword)).statusCode).toBe(401);
      const signedIn = await again.login(student.email, temporary);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().passwordResetRequired).toBe(true);
      expect((await again.request("GET", "/api/tasks")).statusCode).toBe(403);
      const changed = await again.request("POST", "/api/auth/set-new-password", {
        temporaryPassword: temporary,
        newPassword: "An0ther!Secret",
        confirmPassword: "An0ther!Secret",
      });
      expect(changed.statusCode).toBe(200);
      expect((await again.request("GET", "/api/tasks")).statusCode).toBe(200);
      const audited = (await auditRows()).filter((row) => row.target === student.email && row.action === "PASSWORD_RESET");
      expect(audited.map((row) => row.actor_email)).toEqual([admin.email, admin.email]);
    });

    it("takes the temporary password exactly as shown, hyphens and all, with spaces a phone adds at either end trimmed", async () => {
      const admin = await unlockedAdmin();
      const student = await account();
      const { temporaryPassword } = (await admin.client.request("POST", `/api/admin/users/${student.id}/reset-password`)).json();
      const phone = new TestClient(t.app);
      // Without its hyphens it is another password (decision 100).
      expect((await phone.login(student.email, temporaryPassword.replaceAll("-", ""))).statusCode).toBe(401);
      expect((await phone.login(student.email, ` ${temporaryPassword} `)).statusCode).toBe(200);
      const changed = await phone.request("POST", "/api/auth/set-new-password", {
        temporaryPassword: `${temporaryPassword} `,
        newPassword: "An0ther!Secret",
        confirmPassword: "An0ther!Secret",
      });
      expect(changed.statusCode).toBe(200);
    });

    it("is refused for an admin account, and 404 for an unknown id", async () => {
      const admin = await unlockedAdmin();
      const other = await account({ admin: true });
      const res = await admin.client.request("POST", `/api/admin/users/${other.id}/reset-password`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal(CANNOT_RESET_ADMIN));
      expect((await admin.client.request("POST", "/api/admin/users/99999999/reset-password")).statusCode).toBe(404);
    });
  });

  describe("deleting a user", () => {
    it("deletes the user with their tasks, events and sessions; a second delete is 404; the email is free and a new account sees nothing old", async () => {
      const admin = await unlockedAdmin();
      const student = await account();
      expect((await student.client.request("POST", "/api/tasks", { title: "Essay" })).statusCode).toBe(201);
      expect((await student.client.request("POST", "/api/events", { title: "Exam", date: "2026-12-01" })).statusCode).toBe(201);
      const res = await admin.client.request("DELETE", `/api/admin/users/${student.id}`);
      expect(res.statusCode).toBe(204);
      for (const table of ["tasks", "events", "sessions"] as const) {
        expect(await t.db.selectFrom(table).select("user_id").where("user_id", "=", student.id).execute(), table).toEqual([]);
      }
      expect((await student.client.request("GET", "/api/tasks")).statusCode).toBe(401);
      expect((await admin.client.request("DELETE", `/api/admin/users/${student.id}`)).statusCode).toBe(404);
      const fresh = new TestClient(t.app);
      const reborn = await fresh.request("POST", "/api/register", {
        firstName: "New",
        lastName: "Person",
        email: student.email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(reborn.statusCode).toBe(201);
      await fresh.refreshCsrf();
      expect((await fresh.request("GET", "/api/tasks")).json()).toEqual([]);
      expect((await fresh.request("GET", "/api/events")).json()).toEqual([]);
      const entry = (await auditRows()).find((row) => row.action === "USER_DELETED" && row.target === student.email)!;
      expect(entry).toMatchObject({ actor_user_id: admin.id, actor_email: admin.email });
    });

    it("refuses to delete oneself", async () => {
      const admin = await unlockedAdmin();
      const res = await admin.client.request("DELETE", `/api/admin/users/${admin.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal(CANNOT_DELETE_SELF));
    });

    it("is one transaction: a failure on the way leaves the user, their tasks, events and sessions, and writes no audit entry", async () => {
      const admin = await unlockedAdmin();
      const student = await account();
      await student.client.request("POST", "/api/tasks", { title: "Keep me" });
      await student.client.request("POST", "/api/events", { title: "Keep me too", date: "2026-12-01" });
      const entriesBefore = (await auditRows()).length;
      // The audit entry is the last write: without its column it fails after the data went, inside the transaction.
      await t.db.schema.alterTable("audit_log").renameColumn("actor_email", "actor_email_gone").execute();
      try {
        const res = await admin.client.request("DELETE", `/api/admin/users/${student.id}`);
        expect(res.statusCode).toBe(500);
      } finally {
        await t.db.schema.alterTable("audit_log").renameColumn("actor_email_gone", "actor_email").execute();
      }
      expect(await t.db.selectFrom("users").select("id").where("id", "=", student.id).execute()).toHaveLength(1);
      expect(await t.db.selectFrom("tasks").select("id").where("user_id", "=", student.id).execute()).toHaveLength(1);
      expect(await t.db.selectFrom("events").select("id").where("user_id", "=", student.id).execute()).toHaveLength(1);
      expect((await student.client.request("GET", "/api/tasks")).statusCode).toBe(200);
      expect((await auditRows()).length).toBe(entriesBefore);
    });
  });

  describe("the audit log", () => {
    it("lists entries newest first with both emails, kept after the acting admin is deleted, paged with before and Link", async () => {
      const boss = await unlockedAdmin();
      const departing = await unlockedAdmin({ firstName: "Departing" });
      const student = await account();
      await departing.client.request("POST", `/api/admin/users/${student.id}/reset-password`);
      await boss.client.request("DELETE", `/api/admin/users/${departing.id}`);
      const page = await boss.client.request("GET", "/api/admin/audit-logs?limit=2");
      expect(page.statusCode).toBe(200);
      const [deleted, reset] = page.json();
      expect(deleted).toMatchObject({
        action: "USER_DELETED",
        targetUserEmail: departing.email,
        adminUserEmail: boss.email,
        details: null,
      });
      expect(reset).toMatchObject({ action: "PASSWORD_RESET", targetUserEmail: student.email, adminUserEmail: departing.email });
      expect(Object.keys(deleted).sort()).toEqual([
        "action",
        "actorEmail",
        "adminUserEmail",
        "createdAt",
        "details",
        "id",
        "targetUserEmail",
      ]);
      const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
      expect(next).toBe(`/api/admin/audit-logs?limit=2&before=${reset.id}`);
      const older = (await boss.client.request("GET", next)).json();
      expect(older[0].id).toBeLessThan(reset.id);
      expect((await boss.client.request("GET", "/api/admin/audit-logs?before=abc")).statusCode).toBe(400);
    });
  });

  describe("the audit log's actor", () => {
    it("names a student changing her own password or deleting her own account as herself, never as an admin", async () => {
      const boss = await unlockedAdmin();
      const ava = await account({ firstName: "Ava" });
      const changed = await ava.client.request("POST", "/api/auth/set-new-password", {
        temporaryPassword: STRONG_PASSWORD,
        newPassword: "Brand!N3wPass",
        confirmPassword: "Brand!N3wPass",
      });
      expect(changed.statusCode).toBe(200);
      const leaving = await account({ firstName: "Leo" });
      expect((await leaving.client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(204);
      const removed = await account({ firstName: "Rem" });
      expect((await boss.client.request("DELETE", `/api/admin/users/${removed.id}`)).statusCode).toBe(204);

      const [byAdmin, selfDeleted, passwordChanged] = (await boss.client.request("GET", "/api/admin/audit-logs?limit=3")).json();
      expect(passwordChanged).toMatchObject({
        action: "PASSWORD_CHANGED",
        targetUserEmail: ava.email,
        adminUserEmail: null,
        actorEmail: ava.email,
      });
      expect(selfDeleted).toMatchObject({
        action: "USER_DELETED",
        targetUserEmail: leaving.email,
        adminUserEmail: null,
        actorEmail: leaving.email,
      });
      // An admin deleting someone else is still named as the admin.
      expect(byAdmin).toMatchObject({
        action: "USER_DELETED",
        targetUserEmail: removed.email,
        adminUserEmail: boss.email,
        actorEmail: boss.email,
      });
    });
  });

  describe("app settings", () => {
    it("saves absolute http(s) URLs or null, shows them to visitors at once, and audits the change", async () => {
      const admin = await unlockedAdmin();
      const body = { instagramUrl: "https://www.instagram.com/lincoln_high", logoUrl: "https://cdn.example.org/logo.png" };
      const saved = await admin.client.request("PUT", "/api/admin/settings", body);
      expect(saved.statusCode).toBe(200);
      // Family digests (issue 54) are on until staff turn them off; a save that leaves them out keeps them as they are.
      expect(saved.json()).toEqual({ ...body, guardianDigestsEnabled: true });
      expect((await admin.client.request("GET", "/api/admin/settings")).json()).toEqual({ ...body, guardianDigestsEnabled: true });
      expect((await new TestClient(t.app).request("GET", "/api/settings/public")).json()).toMatchObject(body);
      const cleared = await admin.client.request("PUT", "/api/admin/settings", {
        instagramUrl: "",
        logoUrl: null,
        guardianDigestsEnabled: false,
      });
      expect(cleared.json()).toEqual({ instagramUrl: null, logoUrl: null, guardianDigestsEnabled: false });
      const kept = await admin.client.request("PUT", "/api/admin/settings", { instagramUrl: null, logoUrl: null });
      expect(kept.json()).toEqual({ instagramUrl: null, logoUrl: null, guardianDigestsEnabled: false });
      await admin.client.request("PUT", "/api/admin/settings", { instagramUrl: null, logoUrl: null, guardianDigestsEnabled: true });
      expect((await new TestClient(t.app).request("GET", "/api/settings/public")).json()).toMatchObject({
        instagramUrl: null,
        logoUrl: null,
      });
      expect((await auditRows()).filter((row) => row.action === "SETTINGS_CHANGED" && row.actor_user_id === admin.id)).toHaveLength(4);
    });

    it("refuses anything else with 400 and field errors, changing nothing", async () => {
      const admin = await unlockedAdmin();
      await admin.client.request("PUT", "/api/admin/settings", { instagramUrl: "https://ok.example/", logoUrl: null });
      for (const bad of [
        { instagramUrl: "javascript:alert(1)", logoUrl: null },
        { instagramUrl: "instagram.com/school", logoUrl: null },
        { instagramUrl: null, logoUrl: `https://example.org/${"a".repeat(2048)}` },
        { instagramUrl: null, logoUrl: "ftp://example.org/logo.png" },
        { instagramUrl: 42, logoUrl: null },
        { instagramUrl: null, logoUrl: null, guardianDigestsEnabled: "yes" },
      ]) {
        const res = await admin.client.request("PUT", "/api/admin/settings", bad);
        expect(res.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
        expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
      }
      expect((await admin.client.request("GET", "/api/admin/settings")).json()).toEqual({
        instagramUrl: "https://ok.example/",
        logoUrl: null,
        guardianDigestsEnabled: true,
      });
    });
  });
});

describe("generated secrets", () => {
  it("passcodes are 4 characters from the unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const passcode = generatePasscode();
      expect(passcode).toHaveLength(4);
      for (const c of passcode) expect(PASSCODE_ALPHABET).toContain(c);
    }
    expect(PASSCODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it("temporary passwords are three groups of four from a CSPRNG, with no look-alike characters, and always meet the password rules", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const password = generateTemporaryPassword();
      expect(password).toMatch(GROUPED);
      expect(password).not.toMatch(/[0O1lI5S]/);
      // Both orders of the rules: registration's and set-new-password's (the student's next step).
      expect(strongPassword.safeParse(password).success, password).toBe(true);
      expect(
        setNewPasswordSchema.safeParse({ temporaryPassword: "x", newPassword: password, confirmPassword: password }).success,
        password,
      ).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(10_000);
    const { upper, lower, digits } = TEMPORARY_PASSWORD_ALPHABET;
    expect(upper + lower + digits).not.toMatch(/[0Oo1lI5Ss]/);
  });
});

describeEachEngine("the generated admin passcode", (engine) => {
  it("without ADMIN_PASSCODE is generated once and the same for every instance on the database", async () => {
    const first = await buildTestApp(engine);
    const second = await buildTestApp(engine, { database: first.config.database });
    try {
      const [a, b] = await Promise.all([first.services.admin.passcode(), second.services.admin.passcode()]);
      expect(a.passcode).toBe(b.passcode);
      expect(a.passcode).toMatch(/^[A-Z2-9]{4}$/);
      expect((await first.services.admin.passcode()).generated).toBe(false);
      const renewed = await first.services.admin.regeneratePasscode();
      expect((await second.services.admin.passcode()).passcode).toBe(renewed);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
