import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ADMIN_LOCKED, ADMINS_ONLY } from "../../core/admin";
import { messageRef } from "../../core/i18n/translate";
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS } from "../../core/schemas/admin";
import { inEnglish } from "../../core/test/in-english";
import { translator } from "../i18n";
import { ROSTER_INSERT_BATCH } from "../repositories/users";
import { RESET_NEEDS_PASSWORD, TEMPORARY_PASSWORD_TTL_MS } from "../services/admin-service";
import {
  ROSTER_DUPLICATE,
  ROSTER_IS_ADMIN_INVALID,
  ROSTER_NO_ROWS,
  ROSTER_TOO_LARGE,
  ROSTER_TOO_MANY_ROWS,
} from "../services/roster-import";
import { buildTestApp, describeEachEngine, type EngineName, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";

const PASSCODE = "K7QM";
const IMPORT = "/api/admin/users/import";
/** An ADMIN_EMAILS address: a roster line with it becomes an admin whatever its isAdmin says. */
const BOOTSTRAP_ADMIN = "head.teacher@school.test";
/** The harness's single sign-on settings (a provider that is never reached: nothing here signs in through it). */
const SSO_ENV = {
  OIDC_GOOGLE_CLIENT_ID: "roster-test",
  OIDC_GOOGLE_CLIENT_SECRET: "roster-test-secret",
  OIDC_GOOGLE_ISSUER: "http://127.0.0.1:9",
  PUBLIC_URL: "http://localhost:3000",
};
const GROUPED = /^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){2}$/;

/** Fresh addresses per test, so the suite's tests never see each other's accounts. */
let run = 0;
const address = (name: string) => `${name}.${run}@school.test`;

interface RosterContext {
  t: TestApp;
  admin: { client: TestClient; id: number; email: string };
}

/** Shared by both suites: an app, its unlocked admin and helpers. */
function roster(engine: EngineName, env: Record<string, string>) {
  const ctx = {} as RosterContext;

  beforeAll(async () => {
    ctx.t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE, ADMIN_EMAILS: BOOTSTRAP_ADMIN, ...env } });
  });
  afterAll(() => ctx.t.close());
  beforeEach(async () => {
    run++;
    await ctx.t.db.deleteFrom("rate_limits").execute();
    ctx.admin = await account({ admin: true });
    expect((await ctx.admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await ctx.admin.client.refreshCsrf();
  });

  async function account(options: { admin?: boolean; email?: string } = {}) {
    const client = new TestClient(ctx.t.app);
    const { user, body } = await client.register(options.email ? { email: options.email } : {});
    if (options.admin) await ctx.t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    return { client, id: user.id as number, email: body.email };
  }

  const send = (csv: string, dryRun: boolean, client = ctx.admin.client) => client.request("POST", IMPORT, { csv, dryRun });
  const userCount = async () =>
    Number(
      (
        await ctx.t.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** This test's admin's import entries. */
  const imports = () =>
    ctx.t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "USERS_IMPORTED")
      .where("actor_user_id", "=", ctx.admin.id)
      .orderBy("id")
      .execute();
  const userByEmail = (email: string) => ctx.t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

  return { ctx, account, send, userCount, imports, userByEmail };
}

describeEachEngine("roster import without single sign-on", (engine) => {
  const { ctx, account, send, userCount, imports, userByEmail } = roster(engine, {});

  it("previews every line with its problems by line number and creates nothing", async () => {
    const taken = await account({ email: address("taken") });
    const long = "L".repeat(51);
    const csv =
      "\uFEFFemail,firstName,lastName,isAdmin\r\n" +
      `${address("ann")},Ann,Avery,\r\n` + // 2 ok
      "not-an-email,Bo,Brown,no\r\n" + // 3 bad email
      `${address("cy")},${long},Cole,\r\n` + // 4 first name too long
      `${address("dee")},Dee,,yes\r\n` + // 5 last name missing
      `${address("ANN")},Ann,Again,\r\n` + // 6 duplicate of 2 (any case)
      `${taken.email},Tia,Taken,\r\n` + // 7 exists
      `${address("eve")},Eve,Early,maybe\r\n` + // 8 isAdmin not a yes or no
      `"${address("fay")}","Fay, Jr.","O""Neil",TRUE\r\n` + // 9 quoted, ok
      "\r\n" + // 10 blank: skipped
      `${address("ann")},Ann,Third,\r\n`; // 11 duplicate of 2 again
    const before = await userCount();
    const res = await send(csv, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 0,
      rows: [
        { line: 2, email: address("ann"), status: "ok" },
        { line: 3, email: "not-an-email", status: "error", errors: { email: [inEnglish(messageRef("auth.email_invalid"))] } },
        { line: 4, email: address("cy"), status: "error", errors: { firstName: [inEnglish(messageRef("auth.first_name_too_long"))] } },
        { line: 5, email: address("dee"), status: "error", errors: { lastName: [inEnglish(messageRef("auth.last_name_required"))] } },
        { line: 6, email: address("ANN"), status: "error", errors: { email: [inEnglish(ROSTER_DUPLICATE(2))] } },
        { line: 7, email: taken.email, status: "exists" },
        { line: 8, email: address("eve"), status: "error", errors: { isAdmin: [inEnglish(ROSTER_IS_ADMIN_INVALID)] } },
        { line: 9, email: address("fay"), status: "ok" },
        { line: 11, email: address("ann"), status: "error", errors: { email: [inEnglish(ROSTER_DUPLICATE(2))] } },
      ],
    });
    expect(inEnglish(ROSTER_DUPLICATE(2))).toBe("This email is already on line 2");
    expect(await userCount()).toBe(before);
    expect(await imports()).toEqual([]);
  });

  it("words the problems in the reader's language and reads a header in any order and case, semicolons too", async () => {
    await ctx.t.db.updateTable("users").set({ locale: "es" }).where("id", "=", ctx.admin.id).execute();
    const res = await send(`Last Name;FIRST_NAME;E-mail\nLee;Sam;${address("sam")}\n;Kim;nope\n`, true);
    expect(res.statusCode).toBe(200);
    const es = translator("es");
    expect(res.json().rows).toEqual([
      { line: 2, email: address("sam"), status: "ok" },
      { line: 3, email: "nope", status: "error", errors: { email: [es("auth.email_invalid")], lastName: [es("auth.last_name_required")] } },
    ]);
  });

  it("imports the valid lines in one transaction with an audit entry of the count; each temporary password signs in once, only to set a new one", async () => {
    const taken = await account({ email: address("taken") });
    const csv = [
      "email,firstName,lastName,isAdmin",
      `${address("gus")},Gus,Green,`,
      "broken,Hal,Hill,",
      `${taken.email},Tia,Taken,`,
      `${address("ivy")},Ivy,Irwin,true`,
      `${BOOTSTRAP_ADMIN.replace("@", `.${run}@`)},Not,Bootstrap,`,
      `${BOOTSTRAP_ADMIN},Head,Teacher,no`,
    ].join("\n");
    const started = Date.now();
    const res = await send(csv, false);
    expect(res.statusCode).toBe(200);
    const { created, rows } = res.json();
    expect(created).toBe(4);
    expect(rows.map((row: { line: number; status: string }) => [row.line, row.status])).toEqual([
      [2, "ok"],
      [3, "error"],
      [4, "exists"],
      [5, "ok"],
      [6, "ok"],
      [7, "ok"],
    ]);
    const passwords = rows
      .filter((row: { status: string }) => row.status === "ok")
      .map((row: { temporaryPassword: string }) => row.temporaryPassword);
    expect(passwords).toHaveLength(4);
    for (const password of passwords) expect(password).toMatch(GROUPED);
    expect(new Set(passwords).size).toBe(4);
    expect(rows.filter((row: { status: string; temporaryPassword?: string }) => row.status !== "ok" && row.temporaryPassword)).toEqual([]);

    const gus = (await userByEmail(address("gus")))!;
    expect(gus).toMatchObject({ first_name: "Gus", last_name: "Green", is_admin: 0, password_reset_required: 1, locale: "en" });
    const expires = Date.parse(gus.temporary_password_expires_at!);
    expect(expires - started).toBeGreaterThanOrEqual(TEMPORARY_PASSWORD_TTL_MS - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(TEMPORARY_PASSWORD_TTL_MS);
    expect((await userByEmail(address("ivy")))!.is_admin).toBe(1);
    expect((await userByEmail(BOOTSTRAP_ADMIN))!.is_admin).toBe(1);
    expect((await userByEmail(BOOTSTRAP_ADMIN.replace("@", `.${run}@`)))!.is_admin).toBe(0);
    // The existing account is left as it was.
    expect((await userByEmail(taken.email))!).toMatchObject({ first_name: "Ada", password_reset_required: 0 });

    const entries = await imports();
    expect(entries.map((entry) => [entry.actor_user_id, entry.actor_email, entry.target, entry.details])).toEqual([
      [ctx.admin.id, ctx.admin.email, null, JSON.stringify({ count: 4 })],
    ]);

    // Gus signs in with his temporary password, must choose a new one, and then is in.
    const gusBrowser = new TestClient(ctx.t.app);
    const signedIn = await gusBrowser.login(address("gus"), passwords[0]);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().passwordResetRequired).toBe(true);
    expect((await gusBrowser.request("GET", "/api/tasks")).statusCode).toBe(403);
    const changed = await gusBrowser.request("POST", "/api/auth/set-new-password", {
      temporaryPassword: passwords[0],
      newPassword: "An0ther!Secret",
      confirmPassword: "An0ther!Secret",
    });
    expect(changed.statusCode).toBe(200);
    expect((await gusBrowser.request("GET", "/api/tasks")).statusCode).toBe(200);
    // Another line's password is not Gus's.
    expect((await new TestClient(ctx.t.app).login(address("ivy"), passwords[0])).statusCode).toBe(401);
    // The existing account keeps its own password.
    expect((await new TestClient(ctx.t.app).login(taken.email, STRONG_PASSWORD)).statusCode).toBe(200);

    // The same file again: everything valid now exists, nothing is created, and the import is still audited.
    const again = await send(csv, false);
    expect(again.json().created).toBe(0);
    expect(again.json().rows.map((row: { status: string }) => row.status)).toEqual([
      "exists",
      "error",
      "exists",
      "exists",
      "exists",
      "exists",
    ]);
    expect((await imports()).map((entry) => entry.details)).toEqual([JSON.stringify({ count: 4 }), JSON.stringify({ count: 0 })]);
  });

  it("is one transaction: a failure on the fourth line creates no account and writes no audit entry", async () => {
    await failureMidway(ctx, engine, 6, 3);
  });

  it("refuses a file over 1 MB (413), over 5,000 lines, without the columns or lines, or with a quote never closed (400), creating nothing", async () => {
    const before = await userCount();
    const header = "email,firstName,lastName\n";
    const big = header + `${address("big")},${"B".repeat(40)},Big\n`.repeat(Math.ceil(ROSTER_MAX_BYTES / 60) + 10);
    expect(Buffer.byteLength(big)).toBeGreaterThan(ROSTER_MAX_BYTES);
    const tooBig = await send(big, true);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(refusal(ROSTER_TOO_LARGE));
    // A file of quotes nearly doubles inside JSON: under 1 MB, it is read whole, past the API's usual body limit.
    const quotes = `"${'""'.repeat(50)}"`;
    const quoted = header + Array.from({ length: 4000 }, (_, i) => `q${i}.${run}@school.test,${quotes},${quotes}`).join("\n");
    expect(Buffer.byteLength(quoted)).toBeLessThanOrEqual(ROSTER_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify({ csv: quoted }))).toBeGreaterThan(1.5 * ROSTER_MAX_BYTES);
    const quotedRes = await send(quoted, true);
    expect(quotedRes.statusCode).toBe(200);
    expect(quotedRes.json().rows.filter((row: { status: string }) => row.status === "ok")).toHaveLength(4000);
    // A body past even that is refused by the body limit, in the one error shape.
    const huge = await send("x".repeat(3 * ROSTER_MAX_BYTES), true);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("server.body_too_large");

    const rows = (n: number) => header + Array.from({ length: n }, (_, i) => `s${i}@school.test,S,T`).join("\n");
    expect((await send(rows(ROSTER_MAX_ROWS), true)).statusCode).toBe(200);
    const tooMany = await send(rows(ROSTER_MAX_ROWS + 1), false);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual(refusal(ROSTER_TOO_MANY_ROWS));

    const missing = await send("email,name\na@school.test,A\n", false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(refusal(messageRef("admin.import_missing_columns", { columns: "firstName, lastName" })));
    for (const empty of ["", "email,firstName,lastName\n", "\n\n"]) {
      const res = await send(empty, false);
      expect(res.statusCode, JSON.stringify(empty)).toBe(400);
      expect(res.json()).toEqual(refusal(ROSTER_NO_ROWS));
    }
    const unclosed = await send(`${header}a@school.test,A,B\n"b@school.test,B,C\nc@school.test,C,D\n`, false);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toEqual(refusal(messageRef("admin.import_unclosed_quote", { line: 3 })));
    const noDryRun = await ctx.admin.client.request("POST", IMPORT, { csv: header });
    expect(noDryRun.statusCode).toBe(400);
    expect(noDryRun.json().code).toBe("admin.import_dry_run_invalid");
    expect((await ctx.admin.client.request("POST", IMPORT, { csv: 5, dryRun: true })).json().code).toBe("admin.import_csv_invalid");
    expect(await userCount()).toBe(before);
    expect(await imports()).toEqual([]);
  });

  it("is for an unlocked admin with the CSRF token only", async () => {
    const csv = `email,firstName,lastName\n${address("kai")},Kai,Kim\n`;
    const student = await account();
    const asStudent = await send(csv, false, student.client);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual(refusal(ADMINS_ONLY));
    const locked = await account({ admin: true });
    const asLocked = await send(csv, false, locked.client);
    expect(asLocked.statusCode).toBe(403);
    expect(asLocked.json()).toEqual(refusal(ADMIN_LOCKED));
    expect((await send(csv, false, new TestClient(ctx.t.app))).statusCode).toBe(401);
    const forged = await ctx.admin.client.request("POST", IMPORT, { csv, dryRun: false }, { "x-csrf-token": "forged" });
    expect(forged.statusCode).toBe(403);
    expect(await userByEmail(address("kai"))).toBeUndefined();
  });

  it("lists every account with a password and the providers it has signed in with", async () => {
    const student = await account();
    await ctx.t.db
      .insertInto("user_identities")
      .values({
        user_id: student.id,
        provider_id: "google",
        issuer: "https://accounts.google.com",
        subject: `s-${run}`,
        email: student.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const listed = await ctx.admin.client.request("GET", `/api/admin/users?search=${encodeURIComponent(student.email)}`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: student.id, hasPassword: true, providers: ["google"] })]);
  });
});

describeEachEngine("roster import with single sign-on", (engine) => {
  const { ctx, account, send, imports, userByEmail } = roster(engine, SSO_ENV);

  it("creates accounts without a password, gives no temporary password, and refuses an admin's reset of them with 409", async () => {
    const res = await send(`email,firstName,lastName\n${address("lia")},Lia,Lopez\n${address("max")},Max,Moore\n`, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      rows: [
        { line: 2, email: address("lia"), status: "ok" },
        { line: 3, email: address("max"), status: "ok" },
      ],
    });
    const lia = (await userByEmail(address("lia")))!;
    expect(lia).toMatchObject({ password_hash: null, password_reset_required: 0, temporary_password_expires_at: null, locale: "en" });
    expect((await imports()).at(-1)!.details).toBe(JSON.stringify({ count: 2 }));
    // No password signs in: the answer of a wrong one.
    for (const password of [STRONG_PASSWORD, "x"]) {
      const signIn = await new TestClient(ctx.t.app).request("POST", "/api/login", { email: address("lia"), password });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json().code).toBe("auth.invalid_credentials");
    }

    // The list says how each account signs in; the panel offers no reset for these.
    await ctx.t.db
      .insertInto("user_identities")
      .values({
        user_id: lia.id,
        provider_id: "google",
        issuer: "http://127.0.0.1:9",
        subject: `lia-${run}`,
        email: lia.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const listed = await ctx.admin.client.request("GET", `/api/admin/users?search=.${run}%40school.test`);
    const byEmail = Object.fromEntries(listed.json().map((user: { email: string }) => [user.email, user]));
    expect(byEmail[address("lia")]).toMatchObject({ hasPassword: false, providers: ["google"] });
    expect(byEmail[address("max")]).toMatchObject({ hasPassword: false, providers: [] });

    const reset = await ctx.admin.client.request("POST", `/api/admin/users/${lia.id}/reset-password`);
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual(refusal(RESET_NEEDS_PASSWORD));
    expect((await userByEmail(address("lia")))!.password_hash).toBeNull();
    // An account with a password is still reset as before, provider or not.
    const withPassword = await account();
    expect((await ctx.admin.client.request("POST", `/api/admin/users/${withPassword.id}/reset-password`)).statusCode).toBe(200);
  });

  // Without passwords to hash, a file long enough for two insert batches stays quick.
  it("is one transaction: a failure on a line past the first insert batch creates no account and writes no audit entry", async () => {
    await failureMidway(ctx, engine, ROSTER_INSERT_BATCH + 20, ROSTER_INSERT_BATCH + 10);
  });

  it("previews as without single sign-on", async () => {
    const res = await send(`email,firstName,lastName\n${address("ned")},Ned,\n`, true);
    expect(res.json()).toEqual({
      created: 0,
      rows: [{ line: 2, email: address("ned"), status: "error", errors: { lastName: [inEnglish(messageRef("auth.last_name_required"))] } }],
    });
  });
});

/**
 * Imports `count` lines with the insert of line index `failAt` made to fail (a database trigger):
 * nothing of the file is created, no audit entry is written; without the trigger the same file goes in whole.
 */
async function failureMidway(ctx: RosterContext, engine: EngineName, count: number, failAt: number) {
  const lines = Array.from({ length: count }, (_, i) => `${address(`bulk${i}`)},Bulk,Student${i}`);
  const csv = ["email,firstName,lastName", ...lines].join("\n");
  const fail = engine === "sqlite" ? sqliteTrigger(address(`bulk${failAt}`)) : postgresTrigger(address(`bulk${failAt}`));
  const entries = () =>
    ctx.t.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "USERS_IMPORTED")
      .where("actor_user_id", "=", ctx.admin.id)
      .execute();
  await fail.create(ctx.t);
  try {
    const res = await ctx.admin.client.request("POST", IMPORT, { csv, dryRun: false });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("Bulk");
  } finally {
    await fail.drop(ctx.t);
  }
  const made = await ctx.t.db.selectFrom("users").select("id").where("email", "like", `bulk%.${run}@school.test`).execute();
  expect(made).toEqual([]);
  expect(await entries()).toEqual([]);
  const res = await ctx.admin.client.request("POST", IMPORT, { csv, dryRun: false });
  expect(res.json().created).toBe(count);
  expect(await entries()).toHaveLength(1);
}

/** A trigger that fails the insert of one email: a failure in the middle of the import's batches. */
function sqliteTrigger(email: string) {
  return {
    create: (t: TestApp) =>
      sql
        .raw(
          `create trigger roster_fail before insert on users when new.email = '${email}' begin select raise(abort, 'forced failure'); end`,
        )
        .execute(t.db),
    drop: (t: TestApp) => sql.raw("drop trigger if exists roster_fail").execute(t.db),
  };
}

function postgresTrigger(email: string) {
  return {
    async create(t: TestApp) {
      await sql
        .raw(
          `create function roster_fail() returns trigger language plpgsql as $$ begin if new.email = '${email}' then raise exception 'forced failure'; end if; return new; end $$`,
        )
        .execute(t.db);
      await sql.raw("create trigger roster_fail before insert on users for each row execute function roster_fail()").execute(t.db);
    },
    async drop(t: TestApp) {
      await sql.raw("drop trigger if exists roster_fail on users").execute(t.db);
      await sql.raw("drop function if exists roster_fail()").execute(t.db);
    },
  };
}
