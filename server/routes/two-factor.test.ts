import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";
import { base32Decode, hotp, totpStep } from "../services/totp";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

const CHALLENGE = "sh_2fa";

/** The code an authenticator app shows for `secret` at `at`. */
const codeAt = (secret: string, at: number) => hotp(base32Decode(secret), totpStep(new Date(at)));

/** The challenge cookie a sign-in set, as the browser sends it back to the second step. */
function challengeOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === CHALLENGE);
  if (!cookie) throw new Error("no challenge cookie");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/login/second-factor", maxAge: 300 });
  return `${CHALLENGE}=${cookie.value}`;
}

/**
 * Two-step verification (issue 55): enrolment with a secret and its first code, ten recovery codes,
 * a sign-in that waits for its code without a session, codes taken once, wrong codes counted as
 * wrong passwords, turning it off, an admin's reset, and STAFF_REQUIRE_2FA.
 */
describeEachEngine("two-step verification", (engine) => {
  let t: TestApp;
  let now = Date.parse("2026-11-30T15:00:00Z");
  const clock = () => new Date(now);

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { STAFF_REQUIRE_2FA: "true" },
      clock,
      sessionClock: clock,
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS },
    });
  });
  afterAll(() => t.close());

  /** A student with two-step verification on: their client, email, secret and recovery codes. */
  async function enrolled() {
    const client = new TestClient(t.app);
    const { body } = await client.register();
    const setup = (await client.request("POST", "/api/user/two-factor")).json();
    const confirmed = await client.request("POST", "/api/user/two-factor/confirm", { code: codeAt(setup.secret, now) });
    expect(confirmed.statusCode).toBe(200);
    return { client, email: body.email, secret: setup.secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  const secondStep = (cookie: string | null, code: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login/second-factor",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ code }),
    });

  it("enrols with a QR code's secret and its first code, giving ten single-use recovery codes once", async () => {
    const client = new TestClient(t.app);
    const { body } = await client.register();
    expect((await client.request("GET", "/api/user/two-factor")).json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
    const setup = await client.request("POST", "/api/user/two-factor");
    expect(setup.statusCode).toBe(200);
    expect(setup.headers["cache-control"]).toBe("no-store");
    const { secret, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Student%20Hub%3A${encodeURIComponent(body.email)}?secret=${secret}&issuer=Student%20Hub&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await client.request("POST", "/api/user/two-factor/confirm", {
      code: "000000" === codeAt(secret, now) ? "111111" : "000000",
    });
    expect([wrong.statusCode, wrong.json().code, Object.keys(wrong.json().errors)]).toEqual([
      400,
      "server.two_factor_code_wrong",
      ["code"],
    ]);
    expect((await client.request("POST", "/api/user/two-factor/confirm", {})).json().code).toBe("server.two_factor_code_required");
    // Spaces as apps show the code ("123 456") are taken.
    const code = codeAt(secret, now);
    const confirmed = await client.request("POST", "/api/user/two-factor/confirm", { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await client.request("GET", "/api/user/two-factor")).json()).toEqual({ available: true, enabled: true, recoveryCodesLeft: 10 });
    expect((await client.request("POST", "/api/user/two-factor")).json().code).toBe("server.two_factor_already_on");
    // Only digests are kept.
    const stored = await t.db.selectFrom("two_factor_recovery_codes").select("code_hash").execute();
    expect(stored.some((row) => recoveryCodes.includes(row.code_hash))).toBe(false);
    const audit = await t.db.selectFrom("audit_log").select("action").where("target", "=", body.email).execute();
    expect(audit.map((a) => a.action)).toEqual(["TWO_FACTOR_ENABLED"]);
  });

  it("signs in with the password, then waits without a session for a code that is taken once", async () => {
    const { email, secret } = await enrolled();
    const browser = new TestClient(t.app);
    const first = await browser.request("POST", "/api/login", { email, password: STRONG_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactorRequired: true });
    expect(first.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect((await browser.request("GET", "/api/user")).statusCode).toBe(401);
    const challenge = challengeOf(first);

    // The code the enrolment took is spent; a code from another minute is wrong.
    const spent = await secondStep(challenge, codeAt(secret, now));
    expect([spent.statusCode, spent.json().code]).toEqual([401, "server.two_factor_code_wrong"]);
    expect((await secondStep(challenge, codeAt(secret, now - 120_000))).statusCode).toBe(401);
    expect((await secondStep(null, codeAt(secret, now + 30_000))).json().code).toBe("server.two_factor_sign_in_expired");

    now += 30_000;
    const ok = await secondStep(challenge, codeAt(secret, now));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(email);
    const sid = ok.cookies.find((c) => c.name === "sid")!.value;
    const signedIn = new TestClient(t.app);
    signedIn.cookie = `sid=${sid}`;
    expect((await signedIn.request("GET", "/api/user")).json().email).toBe(email);
    // The challenge is gone, and the same code does not open a second sign-in.
    expect((await secondStep(challenge, codeAt(secret, now))).json().code).toBe("server.two_factor_sign_in_expired");
    const again = challengeOf(await new TestClient(t.app).request("POST", "/api/login", { email, password: STRONG_PASSWORD }));
    expect((await secondStep(again, codeAt(secret, now))).statusCode).toBe(401);

    // A challenge lasts 5 minutes.
    now += 5 * 60_000 + 1000;
    expect((await secondStep(again, codeAt(secret, now))).json().code).toBe("server.two_factor_sign_in_expired");
  });

  it("takes each recovery code once, and counts wrong codes toward the sign-in limits", async () => {
    const { client, email, recoveryCodes } = await enrolled();
    now += 30_000;
    const signIn = async () => challengeOf(await new TestClient(t.app).request("POST", "/api/login", { email, password: STRONG_PASSWORD }));
    const challenge = await signIn();
    expect((await secondStep(challenge, recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await secondStep(await signIn(), recoveryCodes[0]!)).json().code).toBe("server.two_factor_code_wrong");
    expect((await client.request("GET", "/api/user/two-factor")).json().recoveryCodesLeft).toBe(9);

    // Wrong codes count as wrong passwords of the account from this address: once over the limit,
    // even a right code is refused until the window passes.
    const guessing = await signIn();
    const { max } = DEFAULT_AUTH_RATE_LIMITS.signInFailuresPerAccountAndIp;
    let wrong = 0;
    while ((await secondStep(guessing, "000000")).statusCode === 401 && wrong <= max) wrong++;
    expect(wrong).toBeLessThanOrEqual(max);
    expect(wrong).toBeGreaterThanOrEqual(max - 1);
    expect((await secondStep(guessing, recoveryCodes[1]!)).statusCode).toBe(429);
    now += 16 * 60_000;
  });

  it("turns off with the password, and an unlocked admin resets another account's, audited", async () => {
    const { client, email } = await enrolled();
    const wrong = await client.request("DELETE", "/api/user/two-factor", { password: "not it" });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, "auth.password_incorrect"]);
    expect((await client.request("DELETE", "/api/user/two-factor", { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect((await client.request("GET", "/api/user/two-factor")).json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
    expect((await client.request("DELETE", "/api/user/two-factor", { password: STRONG_PASSWORD })).json().code).toBe(
      "server.two_factor_not_on",
    );
    expect((await new TestClient(t.app).login(email, STRONG_PASSWORD)).json().email).toBe(email);

    // Staff: STAFF_REQUIRE_2FA keeps an admin without it out of the panel, and the list says who has it.
    const staff = await enrolled();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("email", "=", staff.email).execute();
    const passcode = (await t.services.admin.passcode()).passcode;
    const lost = await enrolled();
    await staff.client.request("DELETE", "/api/user/two-factor", { password: STRONG_PASSWORD });
    const refused = await staff.client.request("POST", "/api/admin/login", { passcode });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "server.two_factor_required"]);
    now += 60_000;
    const setup = (await staff.client.request("POST", "/api/user/two-factor")).json();
    await staff.client.request("POST", "/api/user/two-factor/confirm", { code: codeAt(setup.secret, now) });
    expect((await staff.client.request("POST", "/api/admin/login", { passcode })).statusCode).toBe(200);
    await staff.client.refreshCsrf();
    const list = (await staff.client.request("GET", `/api/admin/users?search=${encodeURIComponent(lost.email)}`)).json();
    expect(list.map((u: { email: string; twoFactor: boolean }) => [u.email, u.twoFactor])).toEqual([[lost.email, true]]);
    const lostId = list[0].id as number;

    expect((await client.request("DELETE", `/api/admin/users/${lostId}/two-factor`)).statusCode).toBe(403);
    expect((await staff.client.request("DELETE", `/api/admin/users/${lostId}/two-factor`)).statusCode).toBe(204);
    expect((await staff.client.request("DELETE", `/api/admin/users/${lostId}/two-factor`)).json().code).toBe("server.two_factor_not_on");
    expect((await staff.client.request("DELETE", "/api/admin/users/99999999/two-factor")).statusCode).toBe(404);
    expect((await new TestClient(t.app).login(lost.email, STRONG_PASSWORD)).json().email).toBe(lost.email);
    const audit = await t.db.selectFrom("audit_log").select(["action", "actor_email"]).where("target", "=", lost.email).execute();
    expect(audit).toContainEqual({ action: "TWO_FACTOR_RESET", actor_email: staff.email });
  });

  it("is not offered to an account that signs in through the school", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    await t.db.updateTable("users").set({ password_hash: null }).where("id", "=", user.id).execute();
    expect((await client.request("GET", "/api/user/two-factor")).json()).toEqual({
      available: false,
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await client.request("POST", "/api/user/two-factor")).json().code).toBe("server.two_factor_needs_password");
  });
});
