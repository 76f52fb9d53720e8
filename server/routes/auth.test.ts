import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId } from "../repositories/sessions";
import { hashPassword } from "../services/passwords";
import { DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";
import {
  buildTestApp,
  describeEachEngine,
  expectConditionalGet,
  newUserBody,
  STRONG_PASSWORD,
  TestClient,
  type TestApp,
} from "../test/harness";

describeEachEngine("accounts API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      authRateLimits: {
        ...DEFAULT_AUTH_RATE_LIMITS,
        signInFailuresPerIp: { max: 1000, windowMs: 60_000 },
        signInFailuresPerAccountAndIp: { max: 3, windowMs: 60_000 },
        registerPerIp: { max: 1000, windowMs: 60_000 },
      },
      env: { ADMIN_EMAILS: "Principal@School.example" },
    });
  });
  afterAll(() => t.close());

  describe("health, settings and tokens", () => {
    it("answers the health check", async () => {
      const res = await new TestClient(t.app).request("GET", "/api/health");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    });

    it("serves the public settings with the school's time zone", async () => {
      await t.services.settings.set("logoUrl", "https://cdn.example.com/logo.png");
      const res = await new TestClient(t.app).request("GET", "/api/settings/public");
      expect(res.json()).toEqual({ logoUrl: "https://cdn.example.com/logo.png", instagramUrl: null, timeZone: "America/New_York" });
    });

    it("gives a visitor no CSRF token, and a signed-in user the same token on both paths", async () => {
      const client = new TestClient(t.app);
      expect((await client.request("GET", "/api/csrf-token")).json()).toEqual({ csrfToken: null });
      await client.register();
      const a = (await client.request("GET", "/api/csrf-token")).json().csrfToken;
      const b = (await client.request("GET", "/api/admin/csrf-token")).json().csrfToken;
      expect(a).toMatch(/^[\w-]{40,}$/);
      expect(b).toBe(a);
    });

    it("sets an API's security headers on every JSON answer, refusals included", async () => {
      const client = new TestClient(t.app);
      const answers = [
        await client.request("GET", "/api/health"),
        await client.request("GET", "/api/user"), // 401
        await client.request("GET", "/api/nope"), // 404
        await t.app.inject({ method: "POST", url: "/api/tasks", headers: { origin: "https://evil.example" } }), // 403
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 403]);
      for (const res of answers) {
        // Nothing may run, load, frame or be embedded: stricter than a page's policy.
        expect(res.headers["content-security-policy"]).toBe(
          "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'none'",
        );
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
        expect(res.headers["cache-control"]).toBe("no-store");
        // A page's headers are not a JSON answer's (decision 094).
        expect(res.headers["x-xss-protection"]).toBeUndefined();
        expect(res.headers["origin-agent-cluster"]).toBeUndefined();
      }
    });

    it("sets a page's security headers on an answer outside the API", async () => {
      const res = await t.app.inject({ method: "GET", url: "/no-such-page" });
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    });

    it("answers a malformed address with 400 in the error shape", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/%" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "The address is not valid", code: "server.bad_url" });
    });

    it("answers unknown API paths with 404 in the error shape", async () => {
      const res = await new TestClient(t.app).request("GET", "/api/nope");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found", code: "server.not_found" });
    });
  });

  describe("registration", () => {
    it("creates the account, signs it in and answers the user", async () => {
      const client = new TestClient(t.app);
      const body = newUserBody({ email: "  New.Student@Example.com ", firstName: " Grace " });
      const res = await client.request("POST", "/api/register", body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        email: "new.student@example.com",
        firstName: "Grace",
        lastName: "Lovelace",
        isAdmin: false,
        passwordResetRequired: false,
        profileImageUrl: null,
        userClasses: [],
      });
      expect(res.json()).not.toHaveProperty("password_hash");
      const me = await client.request("GET", "/api/user");
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe("new.student@example.com");
      const row = await t.db.selectFrom("users").selectAll().where("email", "=", "new.student@example.com").executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it("serves /api/auth/register from the same handler", async () => {
      const res = await new TestClient(t.app).request("POST", "/api/auth/register", newUserBody());
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ["firstName", { firstName: "" }, "First name is required"],
      ["firstName", { firstName: "x".repeat(51) }, "First name too long"],
      ["lastName", { lastName: "   " }, "Last name is required"],
      ["lastName", { lastName: "x".repeat(51) }, "Last name too long"],
      ["email", { email: "not-an-email" }, "Invalid email address"],
      ["email", { email: `${"a".repeat(310)}@example.com` }, "Email too long"],
      ["password", { password: "Aa1!", confirmPassword: "Aa1!" }, "Password must be at least 8 characters"],
      [
        "password",
        { password: `Aa1!${"x".repeat(125)}`, confirmPassword: `Aa1!${"x".repeat(125)}` },
        "Password must be less than 128 characters",
      ],
      ["password", { password: "lower1!pass", confirmPassword: "lower1!pass" }, "Password must contain at least one uppercase letter"],
      ["password", { password: "UPPER1!PASS", confirmPassword: "UPPER1!PASS" }, "Password must contain at least one lowercase letter"],
      ["password", { password: "NoDigits!here", confirmPassword: "NoDigits!here" }, "Password must contain at least one number"],
      [
        "password",
        { password: "NoSpecial1here", confirmPassword: "NoSpecial1here" },
        "Password must contain at least one special character",
      ],
      ["confirmPassword", { confirmPassword: "Different1!" }, "Passwords don't match"],
    ])("refuses a bad %s with 400: %s", async (field, overrides, message) => {
      const body = newUserBody(overrides as object);
      const res = await new TestClient(t.app).request("POST", "/api/register", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field][0]).toBe(message);
      const count = await t.db
        .selectFrom("users")
        .select(t.db.fn.countAll().as("n"))
        .where("email", "=", body.email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it("names the missing field with its documented message when a body leaves one out", async () => {
      const { firstName: _missing, ...body } = newUserBody();
      const res = await new TestClient(t.app).request("POST", "/api/register", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.firstName).toEqual(["First name is required"]);
    });

    it("refuses a taken email, whatever its case, with 409", async () => {
      const { body } = await new TestClient(t.app).register();
      const res = await new TestClient(t.app).request("POST", "/api/register", newUserBody({ email: body.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: "An account with this email already exists",
        code: "auth.email_taken",
        errors: { email: ["An account with this email already exists"] },
      });
    });

    it("makes an ADMIN_EMAILS account an admin", async () => {
      const res = await new TestClient(t.app).request("POST", "/api/register", newUserBody({ email: "principal@school.example" }));
      expect(res.json().isAdmin).toBe(true);
    });

    it("refuses a name holding the null character with 400 on either database, and creates nothing", async () => {
      const body = newUserBody({ firstName: "Ann\u0000" });
      const res = await new TestClient(t.app).request("POST", "/api/register", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Text must not contain the null character (\\u0000)",
        code: "server.text_null_character",
        errors: { firstName: ["Text must not contain the null character (\\u0000)"] },
      });
      const found = await t.db.selectFrom("users").select("id").where("email", "=", body.email.toLowerCase()).executeTakeFirst();
      expect(found).toBeUndefined();
    });

    it("refuses a body that is not JSON with 400, and one over the size limit with 413", async () => {
      const client = new TestClient(t.app);
      const bad = await client.request("POST", "/api/register", "{not json");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Request body is not valid JSON");
      const huge = await client.request("POST", "/api/register", { ...newUserBody(), firstName: "x".repeat(200_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: "Request body is too large", code: "server.body_too_large" });
    });
  });

  describe("sign-in and sign-out", () => {
    it("signs in with any case of the email and rotates the session id", async () => {
      const first = new TestClient(t.app);
      const { body } = await first.register();
      const client = new TestClient(t.app);
      client.cookie = first.cookie; // the browser already holds a session
      const before = client.cookie!;
      const res = await client.login(body.email.toUpperCase(), STRONG_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(body.email);
      expect(client.cookie).not.toBe(before);
      // The old session id no longer works.
      const stale = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: before } });
      expect(stale.statusCode).toBe(401);
      const session = await t.db
        .selectFrom("sessions")
        .selectAll()
        .where("id_hash", "=", hashSessionId(client.cookie!.slice(4)))
        .executeTakeFirst();
      expect(session).toBeDefined();
    });

    it("sets an HttpOnly, SameSite=Lax session cookie", async () => {
      const res = await new TestClient(t.app).request("POST", "/api/register", newUserBody());
      const sid = res.cookies.find((c) => c.name === "sid")!;
      expect(sid.httpOnly).toBe(true);
      expect(sid.sameSite).toBe("Lax");
      expect(sid.path).toBe("/");
      expect(sid.value.length).toBeGreaterThanOrEqual(43);
    });

    it("says the same thing for a wrong password and an unknown email", async () => {
      const { body } = await new TestClient(t.app).register();
      const wrong = await new TestClient(t.app).login(body.email, "Wrong!Passw0rd");
      const unknown = await new TestClient(t.app).login("nobody@example.com", "Wrong!Passw0rd");
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: "Invalid email or password", code: "auth.invalid_credentials" });
      expect(unknown.json()).toEqual({ message: "Invalid email or password", code: "auth.invalid_credentials" });
    });

    it("refuses an absurdly long email with 400 on either database, storing no counter for it", async () => {
      const email = `${"a".repeat(4000)}@example.com`;
      const res = await new TestClient(t.app).request("POST", "/api/login", { email, password: "Wrong!Passw0rd" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.email).toEqual(["Email too long"]);
    });

    it("keys the per-account failure counter by a digest, never by the email itself", async () => {
      const { body } = await new TestClient(t.app).register();
      expect((await new TestClient(t.app).login(body.email, "Wrong!Passw0rd")).statusCode).toBe(401);
      const keys = (await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
      expect(keys.some((k) => /^sign-in:account:[0-9a-f]{64}$/.test(k))).toBe(true);
      expect(keys.filter((k) => k.includes("@"))).toEqual([]);
    });

    it.each([
      [{ email: "bad", password: "x" }, "email", "Invalid email address"],
      [{ email: "a@b.co", password: "   " }, "password", "Password is required"],
      [{ password: "x" }, "email", "Invalid email address"],
      [{ email: "a@b.co" }, "password", "Password is required"],
    ])("validates the sign-in body %j", async (body, field, message) => {
      const res = await new TestClient(t.app).request("POST", "/api/login", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it("locks the address out of an account after repeated failures with 429, even for the right password", async () => {
      const { body } = await new TestClient(t.app).register();
      for (let i = 0; i < 3; i++) expect((await new TestClient(t.app).login(body.email, "Wrong!Passw0rd")).statusCode).toBe(401);
      const locked = await new TestClient(t.app).login(body.email, STRONG_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("ends the session on the server at sign-out", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const cookie = client.cookie!;
      const res = await client.request("POST", "/api/logout");
      expect(res.statusCode).toBe(200);
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(after.statusCode).toBe(401);
      const rows = await t.db
        .selectFrom("sessions")
        .selectAll()
        .where("id_hash", "=", hashSessionId(cookie.slice(4)))
        .execute();
      expect(rows).toHaveLength(0);
    });

    it("answers GET /api/user with 401 when signed out", async () => {
      const res = await new TestClient(t.app).request("GET", "/api/user");
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Not signed in", code: "server.not_signed_in" });
    });

    it("answers GET /api/session with 200 either way: the user, or null for a visitor and after sign-out", async () => {
      const client = new TestClient(t.app);
      const visitor = await client.request("GET", "/api/session");
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null, adminUnlockedUntil: null });
      const { user } = await client.register({ firstName: "Sam" });
      const signedIn = await client.request("GET", "/api/session");
      expect(signedIn.json()).toEqual({ user, adminUnlockedUntil: null });
      expect(signedIn.json().user).not.toHaveProperty("passwordHash");
      // Conditional, like the lists: the same answer is 304 for its ETag; a visitor's tag differs.
      const { etag } = await expectConditionalGet(client, "/api/session");
      expect(etag).toBe(signedIn.headers.etag);
      expect(etag).not.toBe(visitor.headers.etag);
      await client.request("POST", "/api/logout");
      const after = await client.getIfNoneMatch("/api/session", etag);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ user: null, adminUnlockedUntil: null });
    });
  });

  describe("CSRF and origin checks", () => {
    it("refuses sign-out without the CSRF token with 403 and keeps the session", async () => {
      const client = new TestClient(t.app);
      await client.register();
      client.csrfToken = undefined;
      const res = await client.request("POST", "/api/logout");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Invalid or missing CSRF token", code: "server.csrf_invalid" });
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    });

    it("refuses a wrong CSRF token with 403", async () => {
      const client = new TestClient(t.app);
      await client.register();
      client.csrfToken = "x".repeat(43);
      expect((await client.request("POST", "/api/logout")).statusCode).toBe(403);
    });

    it("refuses a foreign Origin with 403 even with a valid token, and creates nothing", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const res = await client.request("POST", "/api/tasks", { title: "From elsewhere" }, { origin: "https://evil.example" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Cross-origin request refused", code: "server.cross_origin_refused" });
      const body = newUserBody();
      const reg = await new TestClient(t.app).request("POST", "/api/register", body, { origin: "https://evil.example" });
      expect(reg.statusCode).toBe(403);
      expect(await t.services.users.findByEmail(body.email)).toBeUndefined();
    });

    it("accepts our own Origin", async () => {
      const res = await new TestClient(t.app).request("POST", "/api/register", newUserBody(), {
        origin: "http://localhost:80",
        host: "localhost:80",
      });
      expect(res.statusCode).toBe(201);
    });

    it("refuses our own host under another scheme: the whole origin must match", async () => {
      const body = newUserBody();
      const res = await new TestClient(t.app).request("POST", "/api/register", body, { origin: "https://localhost", host: "localhost" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Cross-origin request refused", code: "server.cross_origin_refused" });
      expect(await t.services.users.findByEmail(body.email)).toBeUndefined();
    });

    it("answers 400, not 500, when the Host header does not parse", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const res = await client.request("POST", "/api/tasks", { title: "x" }, { origin: "http://localhost", host: "bad host[" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "The Host header is not valid", code: "server.invalid_host" });
      expect((await client.request("GET", "/api/tasks")).json()).toEqual([]);
    });
  });

  describe("sessions per user", () => {
    it("keeps at most 10: the 11th sign-in ends the least recently used session, not the sign-in", async () => {
      const first = new TestClient(t.app);
      const { body } = await first.register();
      const browsers = [first];
      for (let i = 0; i < 10; i++) {
        const browser = new TestClient(t.app);
        expect((await browser.login(body.email, body.password)).statusCode).toBe(200);
        browsers.push(browser);
      }
      const user = await t.services.users.findByEmail(body.email);
      const rows = await t.db.selectFrom("sessions").select("id_hash").where("user_id", "=", user!.id).execute();
      expect(rows).toHaveLength(10);
      expect((await first.request("GET", "/api/user")).statusCode).toBe(401);
      for (const browser of browsers.slice(1)) expect((await browser.request("GET", "/api/user")).statusCode).toBe(200);
    });
  });

  describe("the Origin check behind a TLS proxy", () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await buildTestApp(engine, { env: { TRUST_PROXY: "1" } });
    });
    afterAll(() => proxied.close());

    it("compares with the scheme the proxy reports", async () => {
      const viaTls = { host: "hub.example", "x-forwarded-proto": "https" };
      const ok = await new TestClient(proxied.app).request("POST", "/api/register", newUserBody(), {
        ...viaTls,
        origin: "https://hub.example",
      });
      expect(ok.statusCode).toBe(201);
      const downgraded = await new TestClient(proxied.app).request("POST", "/api/register", newUserBody(), {
        ...viaTls,
        origin: "http://hub.example",
      });
      expect(downgraded.statusCode).toBe(403);
    });
  });

  describe("the password-reset gate", () => {
    async function userNeedingReset(temporaryPassword: string, expiresAt = new Date(Date.now() + 3600_000)) {
      const client = new TestClient(t.app);
      const { user } = await client.register();
      await t.db
        .updateTable("users")
        .set({
          password_hash: await hashPassword(temporaryPassword),
          password_reset_required: 1,
          temporary_password_expires_at: expiresAt.toISOString(),
        })
        .where("id", "=", user.id)
        .execute();
      return { client, user };
    }

    it("refuses every other call with 403 until the password is changed", async () => {
      const { client } = await userNeedingReset("Temp0rary!Pass");
      const tasks = await client.request("GET", "/api/tasks");
      expect(tasks.statusCode).toBe(403);
      expect(tasks.json()).toEqual({ message: "You must set a new password before continuing.", code: "server.password_reset_pending" });
      const me = await client.request("GET", "/api/user");
      expect(me.json().passwordResetRequired).toBe(true);
    });

    it("validates the new password with its documented messages", async () => {
      const { client } = await userNeedingReset("Temp0rary!Pass");
      const cases: Array<[object, string, string]> = [
        [
          { temporaryPassword: "", newPassword: "N3w!Password", confirmPassword: "N3w!Password" },
          "temporaryPassword",
          "Temporary password is required",
        ],
        [
          { temporaryPassword: "x", newPassword: "ALLUPPER1!", confirmPassword: "ALLUPPER1!" },
          "newPassword",
          "Password must contain at least one lowercase letter",
        ],
        [{ temporaryPassword: "x", newPassword: "N3w!Password", confirmPassword: "other" }, "confirmPassword", "Passwords don't match"],
      ];
      for (const [body, field, message] of cases) {
        const res = await client.request("POST", "/api/auth/set-new-password", body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[field][0]).toBe(message);
      }
      const wrong = await client.request("POST", "/api/auth/set-new-password", {
        temporaryPassword: "Wr0ng!Temp",
        newPassword: "N3w!Password",
        confirmPassword: "N3w!Password",
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.temporaryPassword).toEqual(["Temporary password is incorrect"]);
    });

    it("lifts the gate after a successful change, ending other sessions", async () => {
      const { client, user } = await userNeedingReset("Temp0rary!Pass");
      const other = new TestClient(t.app);
      expect((await other.login(user.email, "Temp0rary!Pass")).statusCode).toBe(200);
      const res = await client.request("POST", "/api/auth/set-new-password", {
        temporaryPassword: "Temp0rary!Pass",
        newPassword: "Brand!N3wPass",
        confirmPassword: "Brand!N3wPass",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().passwordResetRequired).toBe(false);
      expect((await client.request("GET", "/api/tasks")).statusCode).toBe(200);
      expect((await other.request("GET", "/api/user")).statusCode).toBe(401);
      expect((await new TestClient(t.app).login(user.email, "Brand!N3wPass")).statusCode).toBe(200);
      expect((await new TestClient(t.app).login(user.email, "Temp0rary!Pass")).statusCode).toBe(401);
    });

    it("refuses an expired temporary password", async () => {
      const { user } = await userNeedingReset("Temp0rary!Pass", new Date(Date.now() - 1000));
      const res = await new TestClient(t.app).login(user.email, "Temp0rary!Pass");
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Your temporary password has expired. Ask a staff member to reset it again.");
    });
  });
});

describeEachEngine("rate limits", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      authRateLimits: {
        ...DEFAULT_AUTH_RATE_LIMITS,
        signInFailuresPerIp: { max: 2, windowMs: 60_000 },
        signInFailuresPerAccountAndIp: { max: 100, windowMs: 60_000 },
        registerPerIp: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it("limits registrations per IP with 429", async () => {
    expect((await new TestClient(t.app).request("POST", "/api/register", newUserBody())).statusCode).toBe(201);
    expect((await new TestClient(t.app).request("POST", "/api/register", newUserBody())).statusCode).toBe(201);
    const third = await new TestClient(t.app).request("POST", "/api/register", newUserBody());
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: "Too many accounts were created from this network. Try again in 1 minute.",
      code: "auth.too_many_registrations",
      params: { minutes: 1 },
    });
    expect(Number(third.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("limits failed sign-ins per IP with 429", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await new TestClient(t.app).login("x@example.com", "Wrong!Passw0rd")).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describeEachEngine("set-new-password attempts", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, passwordChangeFailuresPerAccount: { max: 2, windowMs: 60_000 } },
    });
  });
  afterAll(() => t.close());

  it("stops guessing the current password with 429 after repeated failures, even for the right one", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const attempt = (temporaryPassword: string) =>
      client.request("POST", "/api/auth/set-new-password", {
        temporaryPassword,
        newPassword: "Brand!N3wPass",
        confirmPassword: "Brand!N3wPass",
      });
    expect((await attempt("Guess1!one")).statusCode).toBe(400);
    expect((await attempt("Guess2!two")).statusCode).toBe(400);
    const locked = await attempt(STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: "Too many incorrect passwords. Please wait a few minutes and try again.",
      code: "auth.too_many_password_changes",
    });
    // Nothing changed: the old password still signs in.
    const me = (await client.request("GET", "/api/user")).json();
    expect((await new TestClient(t.app).login(me.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
