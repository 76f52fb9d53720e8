import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESET_LINK_INVALID } from "../../core/schemas/auth";
import { messageRef } from "../../core/i18n/translate";
import { buildTestApp, describeEachEngine, newUserBody, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server";
import { DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";
import { FORGOT_PASSWORD_ANSWER_FLOOR_MS } from "../services/password-reset";

const quiet = { info: () => {}, warn: () => {} };
const PUBLIC_URL = "https://hub.lincoln.example";
const NEW_PASSWORD = "N3w!Password";
const MINUTE = 60_000;

/** The token of the reset link in a mail's plain-text part; the link must begin with PUBLIC_URL. */
function tokenIn(text: string | undefined): string {
  const match = /(\S+)\/reset-password\?token=([\w-]+)/.exec(text ?? "");
  if (!match) throw new Error(`no reset link in: ${text}`);
  expect(match[1]).toBe(PUBLIC_URL);
  return match[2]!;
}

describeEachEngine("forgot password by email", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let now = Date.parse("2026-11-26T15:00:00Z");

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp(engine, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      clock: () => new Date(now),
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, forgotPasswordPerIp: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  /** Asks for a link as a visitor's browser does (no session, no CSRF token) and lets the outbox send it. */
  async function forgot(email: string, headers: Record<string, string> = {}) {
    const res = await new TestClient(t.app).request("POST", "/api/auth/forgot-password", { email }, headers);
    await t.services.mailWorker(quiet)!.runOnce();
    return res;
  }
  const reset = (client: TestClient, token: string, password = NEW_PASSWORD) =>
    client.request("POST", "/api/auth/reset-password", { token, newPassword: password, confirmPassword: password });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email);

  it("the whole flow: a mail with a link, a new password, every old session ended, this browser signed in, audited", async () => {
    const other = new TestClient(t.app);
    const { user, body } = await other.register();
    const res = await forgot(body.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = mailsTo(body.email);
    expect(mail!.parsed.subject).toBe("Reset your Student Hub password");
    expect(mail!.parsed.text).toContain("Hi Ada,");
    expect(mail!.parsed.text).toContain("expires in 60 minutes");
    const token = tokenIn(mail!.parsed.text);
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits
    // Only its hash is kept, and the outbox's copy of the link is gone once sent.
    const stored = await t.db.selectFrom("password_reset_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect((await t.services.mailOutbox.list()).every((row) => !row.params?.includes(token))).toBe(true);

    const browser = new TestClient(t.app);
    const done = await reset(browser, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, email: body.email, passwordResetRequired: false });
    expect((await browser.request("GET", "/api/user")).statusCode).toBe(200);
    expect((await other.request("GET", "/api/user")).statusCode).toBe(401);
    expect((await new TestClient(t.app).login(body.email, body.password)).statusCode).toBe(401);
    expect((await new TestClient(t.app).login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "PASSWORD_RESET_BY_EMAIL").execute();
    expect(audit.filter((a) => a.target === body.email)).toMatchObject([{ actor_user_id: user.id, actor_email: body.email }]);
  });

  it("answers an address no account uses exactly as one that has an account, and mails nothing", async () => {
    const known = await forgot((await new TestClient(t.app).register()).body.email);
    const before = (await t.services.mailOutbox.list()).length;
    const unknown = await forgot("nobody-here@lincoln.example");
    expect([unknown.statusCode, unknown.body, unknown.headers["content-type"]]).toEqual([
      known.statusCode,
      known.body,
      known.headers["content-type"],
    ]);
    expect((await t.services.mailOutbox.list()).length).toBe(before);
    expect(mailsTo("nobody-here@lincoln.example")).toEqual([]);
  });

  // Not a speed figure: the floor every answer waits for, whichever address, so that the work a
  // known address costs (a few milliseconds) is not what sets the time of the answer.
  it("answers neither a known nor an unknown address before the answer floor", async () => {
    const email = (await new TestClient(t.app).register()).body.email;
    for (const address of [email, "still-nobody@lincoln.example"]) {
      const started = performance.now();
      expect((await forgot(address)).statusCode).toBe(202);
      // Node's timers may fire up to a millisecond early.
      expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_FLOOR_MS - 1);
    }
  });

  it("builds the link from PUBLIC_URL whatever the Host header says", async () => {
    const { body } = await new TestClient(t.app).register();
    expect((await forgot(body.email, { host: "evil.example", "x-forwarded-host": "evil.example" })).statusCode).toBe(202);
    const [mail] = mailsTo(body.email);
    tokenIn(mail!.parsed.text);
    expect(mail!.parsed.text).not.toContain("evil.example");
    expect(mail!.parsed.html).not.toContain("evil.example");
  });

  it("a link works once: a second use changes nothing", async () => {
    const { body } = await new TestClient(t.app).register();
    await forgot(body.email);
    const token = tokenIn(mailsTo(body.email)[0]!.parsed.text);
    expect((await reset(new TestClient(t.app), token)).statusCode).toBe(200);
    const again = await reset(new TestClient(t.app), token, "An0ther!Password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refusal(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] }));
    expect(again.json().message).toBe("This link has expired or was already used");
    expect((await new TestClient(t.app).login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("a link expires after 60 minutes", async () => {
    const { body } = await new TestClient(t.app).register();
    await forgot(body.email);
    const token = tokenIn(mailsTo(body.email)[0]!.parsed.text);
    now += 60 * MINUTE;
    try {
      const res = await reset(new TestClient(t.app), token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("auth.reset_link_invalid");
      expect((await new TestClient(t.app).login(body.email, STRONG_PASSWORD)).statusCode).toBe(200);
    } finally {
      now -= 60 * MINUTE;
    }
  });

  it("says whether a link still works as its page opens, without using it up (issue 49)", async () => {
    const { body } = await new TestClient(t.app).register();
    await forgot(body.email);
    const token = tokenIn(mailsTo(body.email)[0]!.parsed.text);
    const check = (value: unknown) => new TestClient(t.app).request("POST", "/api/auth/reset-password/check", { token: value });
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    expect((await reset(new TestClient(t.app), token)).statusCode).toBe(200);
    for (const dead of [token, "A".repeat(43), "", 42]) {
      const res = await check(dead);
      expect(res.statusCode, String(dead)).toBe(400);
      expect(res.json()).toEqual(refusal(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] }));
    }
  });

  it("an expired link is said to be so as its page opens", async () => {
    const { body } = await new TestClient(t.app).register();
    await forgot(body.email);
    const token = tokenIn(mailsTo(body.email)[0]!.parsed.text);
    now += 60 * MINUTE;
    try {
      const res = await new TestClient(t.app).request("POST", "/api/auth/reset-password/check", { token });
      expect(res.json()).toEqual(refusal(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] }));
    } finally {
      now -= 60 * MINUTE;
    }
  });

  it("puts the mail's language in its link, so the page it opens reads in it (issue 49)", async () => {
    const { user, body } = await new TestClient(t.app).register();
    await t.db.updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await forgot(body.email);
    const [mail] = mailsTo(body.email);
    expect(mail!.parsed.text).toMatch(/\/reset-password\?token=[\w-]+&lang=es(\s|$)/);
    const english = await new TestClient(t.app).register();
    await forgot(english.body.email);
    expect(mailsTo(english.body.email)[0]!.parsed.text).toMatch(/&lang=en(\s|$)/);
  });

  it("a newer request replaces the older link", async () => {
    const { body } = await new TestClient(t.app).register();
    await forgot(body.email);
    await forgot(body.email);
    const [older, newer] = mailsTo(body.email).map((m) => tokenIn(m.parsed.text));
    expect(older).not.toBe(newer);
    expect((await reset(new TestClient(t.app), older!)).json().code).toBe("auth.reset_link_invalid");
    expect((await reset(new TestClient(t.app), newer!)).statusCode).toBe(200);
  });

  it("an unknown token gets the same message and no password is hashed for it", async () => {
    const res = await reset(new TestClient(t.app), "A".repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] }));
  });

  it("checks the new password with the registration rules and messages", async () => {
    const weak = await new TestClient(t.app).request("POST", "/api/auth/reset-password", {
      token: "x",
      newPassword: "alllowercase1!",
      confirmPassword: "alllowercase1!",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ newPassword: ["Password must contain at least one uppercase letter"] });
    const mismatch = await new TestClient(t.app).request("POST", "/api/auth/reset-password", {
      token: "x",
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.json().errors).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  it("clears passwordResetRequired left by an admin's reset, for the student held on /password-reset too", async () => {
    const held = new TestClient(t.app);
    const { user, body } = await held.register();
    await t.db
      .updateTable("users")
      .set({ password_reset_required: 1, temporary_password_expires_at: new Date(now + 72 * 60 * MINUTE).toISOString() })
      .where("id", "=", user.id)
      .execute();
    expect((await held.request("GET", "/api/tasks")).statusCode).toBe(403);
    expect((await held.request("POST", "/api/auth/forgot-password", { email: body.email })).statusCode).toBe(202);
    await t.services.mailWorker(quiet)!.runOnce();
    const res = await reset(held, tokenIn(mailsTo(body.email)[0]!.parsed.text));
    expect(res.json()).toMatchObject({ passwordResetRequired: false });
    expect((await held.request("GET", "/api/tasks")).statusCode).toBe(200);
  });

  it("an account that signs in only through the school's provider gets a mail saying so, and no link", async () => {
    const email = `sso-${Date.now()}@lincoln.example`;
    const user = await t.services.users.create({
      email,
      passwordHash: null,
      firstName: "Sol",
      lastName: "Diaz",
      isAdmin: false,
      locale: "es",
    });
    await forgot(email);
    const [mail] = mailsTo(email);
    expect(mail!.parsed.subject).toBe("Cómo inicias sesión en Student Hub");
    expect(mail!.parsed.text).toContain("inicias sesión con la cuenta de tu escuela");
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/auth`);
    expect(mail!.parsed.text).not.toContain("reset-password");
    expect(await t.db.selectFrom("password_reset_tokens").selectAll().where("user_id", "=", user!.id).execute()).toEqual([]);
  });

  it("mails an account at most 3 times in 15 minutes, answering 202 all the same", async () => {
    const { body } = await new TestClient(t.app).register();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot(body.email)).statusCode);
    expect(answers).toEqual([202, 202, 202, 202, 202]);
    expect(mailsTo(body.email)).toHaveLength(3);
  });

  it("needs no CSRF token but refuses another site's Origin", async () => {
    const res = await new TestClient(t.app).request(
      "POST",
      "/api/auth/forgot-password",
      { email: "someone@lincoln.example" },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("server.cross_origin_refused");
  });

  it("refuses a malformed address with the sign-in form's message", async () => {
    const res = await new TestClient(t.app).request("POST", "/api/auth/forgot-password", { email: "not-an-address" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ["Invalid email address"] });
  });

  it("tells the sign-in form that it may offer the link", async () => {
    expect((await new TestClient(t.app).request("GET", "/api/auth/registration")).json()).toEqual({
      mode: "open",
      passwordResetByEmail: true,
    });
  });
});

describeEachEngine("forgot password: limits and a school without mail", (engine) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it("limits requests per address with a 429 whether or not the accounts exist", async () => {
    const t = await buildTestApp(engine, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, forgotPasswordPerIp: { max: 2, windowMs: 15 * MINUTE } },
    });
    try {
      const ask = (email: string) => new TestClient(t.app).request("POST", "/api/auth/forgot-password", { email });
      expect((await ask("a@lincoln.example")).statusCode).toBe(202);
      expect((await ask("b@lincoln.example")).statusCode).toBe(202);
      const third = await ask("c@lincoln.example");
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual(refusal(messageRef("auth.too_many_reset_requests", { minutes: 15 })));
    } finally {
      await t.close();
    }
  });

  it("without SMTP_URL, neither call is served and the sign-in form offers no link", async () => {
    const t = await buildTestApp(engine);
    try {
      const client = new TestClient(t.app);
      expect((await client.request("POST", "/api/auth/forgot-password", { email: newUserBody().email })).statusCode).toBe(404);
      expect((await client.request("POST", "/api/auth/reset-password", { token: "x" })).statusCode).toBe(404);
      expect((await client.request("GET", "/api/auth/registration")).json()).toEqual({ mode: "open", passwordResetByEmail: false });
      expect(t.services.mailWorker(quiet)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe("the forgot-password link's token", () => {
  it("is only kept as its SHA-256", async () => {
    const { resetTokenHash } = await import("../services/password-reset");
    expect(resetTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
