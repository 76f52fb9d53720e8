import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_AUTH_RATE_LIMITS } from "./services/rate-limiter";
import { buildTestApp, describePostgresOnly, STRONG_PASSWORD, TestClient, type TestApp } from "./test/harness";

// A larger deployment runs several identical instances behind a load balancer, so any instance
// must answer any request (docs/decisions/001 for sessions, 002 for the rate-limit counters).
// Two apps, each with its own pool, on one database.
describePostgresOnly("two app instances on one database", () => {
  const authRateLimits = {
    ...DEFAULT_AUTH_RATE_LIMITS,
    signInFailuresPerIp: { max: 1000, windowMs: 60_000 },
    signInFailuresPerAccountAndIp: { max: 3, windowMs: 60_000 },
    registerPerIp: { max: 1000, windowMs: 60_000 },
  };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp("postgres", { authRateLimits });
    second = await buildTestApp("postgres", { authRateLimits, database: first.config.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("honours a session started on one instance on the other, and a sign-out on either ends it on both", async () => {
    const onFirst = new TestClient(first.app);
    const { user } = await onFirst.register();
    const onSecond = onFirst.sameBrowserOn(second.app);

    const me = await onSecond.request("GET", "/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    // The CSRF token fetched from the first instance is good on the second.
    const created = await onSecond.request("POST", "/api/tasks", { title: "Made on the second instance" });
    expect(created.statusCode).toBe(201);
    expect((await onFirst.request("GET", "/api/tasks")).json().map((t: { title: string }) => t.title)).toEqual([
      "Made on the second instance",
    ]);

    expect((await onSecond.request("POST", "/api/logout")).statusCode).toBe(200);
    // Once the first instance has the notification of that commit (docs/decisions/093; how soon: hot-reads.test.ts).
    await first.services.changeFeed.settle();
    expect((await onFirst.request("GET", "/api/user")).statusCode).toBe(401);
  });

  // Both instances see the test client at the same address, so this is the address-and-account
  // lock of decision 051: counted on one instance, it holds on the other.
  it("holds a sign-in lockout counted on one instance on the other", async () => {
    const { body } = await new TestClient(first.app).register();
    for (let i = 0; i < 3; i++) expect((await new TestClient(first.app).login(body.email, "Wrong!Passw0rd")).statusCode).toBe(401);
    const locked = await new TestClient(second.app).login(body.email, STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
  });
});
