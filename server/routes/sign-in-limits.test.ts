import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";
import { buildTestApp, describeEachEngine, newUserBody, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

const WRONG = "Wrong!Passw0rd";
const INVALID = { message: "Invalid email or password", code: "auth.invalid_credentials" };
const TOO_MANY = { message: "Too many sign-in attempts. Please wait a few minutes and try again.", code: "auth.too_many_sign_ins" };

const window = 60_000;
const limits = (overrides: Partial<AuthRateLimits>): AuthRateLimits => ({ ...DEFAULT_AUTH_RATE_LIMITS, ...overrides });

/** One sign-in from the given address (what the proxy or the socket says the client is). */
async function signIn(t: TestApp, remoteAddress: string, email: string, password: string) {
  return t.app.inject({ method: "POST", url: "/api/login", remoteAddress, payload: { email, password } });
}

/** One registration from the given address. */
async function register(t: TestApp, remoteAddress: string, payload: object) {
  return t.app.inject({ method: "POST", url: "/api/register", remoteAddress, payload });
}

function tally(responses: Array<{ statusCode: number }>) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describeEachEngine("sign-in limits", (engine) => {
  describe("with the default limits", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { authRateLimits: DEFAULT_AUTH_RATE_LIMITS });
    });
    afterAll(() => t.close());

    it("checks at most 10 of 40 simultaneous wrong passwords for one account from one address", async () => {
      const { body } = await new TestClient(t.app).register();
      const responses = await Promise.all(Array.from({ length: 40 }, () => signIn(t, "198.51.100.1", body.email, WRONG)));
      const counts = tally(responses);
      expect(counts).toEqual({ 401: 10, 429: 30 });
      for (const r of responses) expect(r.json()).toEqual(r.statusCode === 401 ? INVALID : TOO_MANY);
    });

    it("checks at most 10 of 40 simultaneous wrong temporary passwords at set-new-password", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const responses = await Promise.all(
        Array.from({ length: 40 }, () =>
          client.request("POST", "/api/auth/set-new-password", {
            temporaryPassword: "Guess1!wrong",
            newPassword: "Brand!N3wPass",
            confirmPassword: "Brand!N3wPass",
          }),
        ),
      );
      expect(tally(responses)).toEqual({ 400: 10, 429: 30 });
      const locked = responses.find((r) => r.statusCode === 429)!;
      expect(locked.json()).toEqual({
        message: "Too many incorrect passwords. Please wait a few minutes and try again.",
        code: "auth.too_many_password_changes",
      });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("lets the owner sign in from another address while a classmate's guesses lock only the classmate's address", async () => {
      const { body } = await new TestClient(t.app).register();
      const attacker = "198.51.100.20";
      const guesses = [];
      for (let i = 0; i < 12; i++) guesses.push(await signIn(t, attacker, body.email, WRONG));
      // (b) the attacker is stopped after the pair's 10 failures, even with the right password.
      expect(guesses.map((r) => r.statusCode)).toEqual([...Array(10).fill(401), 429, 429]);
      expect(guesses[10]?.json()).toEqual(TOO_MANY);
      expect((await signIn(t, attacker, body.email, STRONG_PASSWORD)).statusCode).toBe(429);
      // (a) the owner, elsewhere, signs in with the right password.
      const owner = await signIn(t, "203.0.113.30", body.email, STRONG_PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().email).toBe(body.email);
      // The attacker's address stays locked out of that account.
      expect((await signIn(t, attacker, body.email, STRONG_PASSWORD)).statusCode).toBe(429);
    });
  });

  describe("a class signing up from the school's one address, with the default limits", () => {
    let t: TestApp;
    // No override: the limits a server started without AUTH_RATE_LIMIT_MULTIPLIER runs with.
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it("lets 40 students register in one lesson, yet still stops a classmate guessing one of their passwords there", async () => {
      const school = "203.0.113.40";
      const students = Array.from({ length: 40 }, (_, i) => newUserBody({ email: `student-${i}-${engine}@lincoln.example` }));
      const registrations = await Promise.all(students.map((student) => register(t, school, student)));
      expect(tally(registrations)).toEqual({ 201: 40 });

      const guesses = [];
      for (let i = 0; i < 11; i++) guesses.push((await signIn(t, school, students[7]!.email, WRONG)).statusCode);
      expect(guesses).toEqual([...Array(10).fill(401), 429]);
      // The owner, at home, still gets in.
      expect((await signIn(t, "198.51.100.77", students[7]!.email, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it("tells the address that meets the registration limit when to try again, in minutes", async () => {
      const school = "203.0.113.41";
      // Every attempt counts, refused ones too (decision 002): 60 of them fill the window.
      for (let i = 0; i < 60; i++) expect((await register(t, school, {})).statusCode).toBe(400);
      const refused = await register(t, school, newUserBody());
      expect(refused.statusCode).toBe(429);
      const retryAfterSeconds = Number(refused.headers["retry-after"]);
      expect(retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      expect(refused.json()).toEqual({
        message: "Too many accounts were created from this network. Try again in 15 minutes.",
        code: "auth.too_many_registrations",
        params: { minutes: 15 },
      });
      // Another address is not held up.
      expect((await register(t, "203.0.113.42", newUserBody())).statusCode).toBe(201);
    });
  });

  describe("a distributed attack on one account", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        authRateLimits: limits({
          signInFailuresPerAccountAndIp: { max: 3, windowMs: window },
          signInFailuresPerAccount: { max: 9, windowMs: window },
        }),
      });
    });
    afterAll(() => t.close());

    it("meets the per-account ceiling whatever the number of addresses", async () => {
      const { body } = await new TestClient(t.app).register();
      const statuses: number[] = [];
      for (let address = 1; address <= 10; address++) {
        for (let i = 0; i < 3; i++) statuses.push((await signIn(t, `192.0.2.${address}`, body.email, WRONG)).statusCode);
      }
      // Ten addresses could make 30 guesses under the pair limit alone; the account allows 9.
      expect(statuses.filter((s) => s === 401)).toHaveLength(9);
      expect(statuses.slice(9).every((s) => s === 429)).toBe(true);
      // A fresh address meets the ceiling as well: the window has to end first.
      const fresh = await signIn(t, "192.0.2.99", body.email, WRONG);
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json()).toEqual(TOO_MANY);
    });

    it("does not let refused attempts from a locked address use up the account's allowance", async () => {
      const { body } = await new TestClient(t.app).register();
      for (let i = 0; i < 3; i++) expect((await signIn(t, "192.0.2.150", body.email, WRONG)).statusCode).toBe(401);
      for (let i = 0; i < 20; i++) expect((await signIn(t, "192.0.2.150", body.email, WRONG)).statusCode).toBe(429);
      // 3 failures on the account so far, not 23: the owner is nowhere near the ceiling.
      expect((await signIn(t, "192.0.2.151", body.email, STRONG_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe("one address shared by a whole school", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        authRateLimits: limits({ signInFailuresPerIp: { max: 10, windowMs: window } }),
      });
    });
    afterAll(() => t.close());

    it("lets three times the per-address allowance of successful sign-ins through, yet still limits failures", async () => {
      const school = "203.0.113.100";
      const students = [];
      for (let i = 0; i < 5; i++) students.push((await new TestClient(t.app).register()).body);
      const successes = [];
      for (let i = 0; i < 30; i++) successes.push((await signIn(t, school, students[i % 5]!.email, STRONG_PASSWORD)).statusCode);
      expect(tally(successes.map((statusCode) => ({ statusCode })))).toEqual({ 200: 30 });

      const failures = [];
      for (let i = 0; i < 12; i++) failures.push((await signIn(t, school, `nobody-${i}@example.com`, WRONG)).statusCode);
      expect(failures).toEqual([...Array(10).fill(401), 429, 429]);
    });
  });
});
