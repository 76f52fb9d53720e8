import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { DEFAULT_AUTH_RATE_LIMITS } from "./services/rate-limiter";
import { buildTestApp, describeEachEngine, newUserBody, type TestApp } from "./test/harness";

const PROXY = "10.0.0.2"; // the TLS-terminating proxy: the only peer the app sees
const CLIENT = "203.0.113.7"; // the real client, as the proxy saw it

const randomIp = () => `198.51.100.${randomBytes(1)[0]}, 192.0.2.${randomBytes(1)[0]}`;
const randomEmail = () => `nobody-${randomBytes(5).toString("hex")}@example.com`;

const limits = {
  ...DEFAULT_AUTH_RATE_LIMITS,
  signInFailuresPerIp: { max: 3, windowMs: 60_000 },
  registerPerIp: { max: 2, windowMs: 60_000 },
};

/**
 * A client that puts a made-up X-Forwarded-For on every request. Behind a proxy, the proxy
 * appends the address it saw, so the app gets "forged…, real client" from the proxy's address.
 */
function forger(t: TestApp, { remoteAddress, appendedByProxy }: { remoteAddress: string; appendedByProxy?: string }) {
  const headers = () => ({ "x-forwarded-for": appendedByProxy ? `${randomIp()}, ${appendedByProxy}` : randomIp() });
  return {
    signIn: async () =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/login",
          remoteAddress,
          headers: headers(),
          payload: { email: randomEmail(), password: "Wrong!Passw0rd" },
        })
      ).statusCode,
    register: async () =>
      (await t.app.inject({ method: "POST", url: "/api/register", remoteAddress, headers: headers(), payload: newUserBody() })).statusCode,
  };
}

async function statuses(n: number, call: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await call());
  return out;
}

describe("TRUST_PROXY", () => {
  it("is off when unset, empty or a false word", () => {
    for (const value of [undefined, "", "0", "false", "no", "off", "FALSE"]) {
      expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it("reads a hop count; true/yes/on mean one proxy in front", () => {
    for (const value of ["1", "true", "yes", "on", "TRUE"]) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
  });

  it("reads the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback" }).trustProxy).toEqual({
      addresses: ["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8", "loopback"],
    });
  });

  it.each(["-1", "1.5", "everyone", "10.0.0.0/33", "300.1.1.1", "10.0.0.1,,"])("refuses TRUST_PROXY=%s at start-up", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describeEachEngine("per-IP limits and X-Forwarded-For", (engine) => {
  describe("behind TRUST_PROXY=1 (one proxy in front)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { authRateLimits: limits, env: { TRUST_PROXY: "1" } });
    });
    afterAll(() => t.close());

    it("takes the client's address from the last hop, so a forged X-Forwarded-For does not dodge the sign-in limit", async () => {
      const client = forger(t, { remoteAddress: PROXY, appendedByProxy: CLIENT });
      expect(await statuses(5, client.signIn)).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      expect(await forger(t, { remoteAddress: PROXY, appendedByProxy: "203.0.113.8" }).signIn()).toBe(401);
    });

    it("does not let a forged X-Forwarded-For dodge the registration limit", async () => {
      const client = forger(t, { remoteAddress: PROXY, appendedByProxy: "203.0.113.9" });
      expect(await statuses(4, client.register)).toEqual([201, 201, 429, 429]);
    });

    it("makes the session cookie Secure and sends HSTS", async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/register", remoteAddress: PROXY, payload: newUserBody() });
      expect(res.cookies.find((c) => c.name === "sid")?.secure).toBe(true);
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
    });
  });

  describe("behind TRUST_PROXY=10.0.0.0/8 (the proxy's addresses)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { authRateLimits: limits, env: { TRUST_PROXY: "10.0.0.0/8,127.0.0.1" } });
    });
    afterAll(() => t.close());

    it("stops a forged X-Forwarded-For arriving through the proxy", async () => {
      const client = forger(t, { remoteAddress: PROXY, appendedByProxy: CLIENT });
      expect(await statuses(5, client.signIn)).toEqual([401, 401, 401, 429, 429]);
    });

    it("ignores X-Forwarded-For from a peer that is not a listed proxy", async () => {
      const direct = forger(t, { remoteAddress: "198.51.100.200" });
      expect(await statuses(5, direct.signIn)).toEqual([401, 401, 401, 429, 429]);
    });
  });

  describe("without TRUST_PROXY", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { authRateLimits: limits });
    });
    afterAll(() => t.close());

    it("ignores X-Forwarded-For: the limit follows the connection's address", async () => {
      const client = forger(t, { remoteAddress: CLIENT });
      expect(await statuses(5, client.signIn)).toEqual([401, 401, 401, 429, 429]);
      expect(await statuses(4, client.register)).toEqual([201, 201, 429, 429]);
    });

    it("sends no HSTS and no Secure cookie", async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/register", remoteAddress: "203.0.113.50", payload: newUserBody() });
      expect(res.cookies.find((c) => c.name === "sid")?.secure).toBeFalsy();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    });
  });
});
