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

  // CalDAV (issue 52, decision 133): a calendar app's requests go to whichever instance the balancer picks.
  it("gives a calendar app the same change tags and sync tokens on either instance, and a revoked device password stops on both", async () => {
    const onFirst = new TestClient(first.app);
    const { user } = await onFirst.register();
    const device = (await onFirst.request("POST", "/api/user/device-passwords", { name: "Thunderbird" })).json();
    const authorization = `Basic ${Buffer.from(`${device.username}:${device.password}`).toString("base64")}`;
    const calendar = `/dav/calendars/${user.id}/tasks/`;
    const tokenOn = async (instance: TestApp) => {
      const answer = await instance.app.inject({
        method: "PROPFIND",
        url: calendar,
        headers: { authorization, depth: "0", "content-type": "application/xml" },
        payload: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>',
      });
      expect(answer.statusCode).toBe(207);
      return /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(answer.body)![1]!;
    };
    const before = await tokenOn(first);
    expect(await tokenOn(second)).toBe(before);

    const put = await second.app.inject({
      method: "PUT",
      url: `${calendar}made-on-second.ics`,
      headers: { authorization, "content-type": "text/calendar", "if-none-match": "*" },
      payload:
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:m2\r\nSUMMARY:Lab report\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
    });
    expect(put.statusCode).toBe(201);
    const after = await tokenOn(second);
    expect(after).not.toBe(before);
    await first.services.changeFeed.settle();
    expect(await tokenOn(first)).toBe(after);
    // The token the second instance gave is current on the first: nothing new to report there.
    const sync = await first.app.inject({
      method: "REPORT",
      url: calendar,
      headers: { authorization, "content-type": "application/xml" },
      payload: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${after}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    expect(sync.statusCode).toBe(207);
    expect(sync.body).not.toContain("<d:response>");

    expect((await onFirst.request("DELETE", `/api/user/device-passwords/${device.id}`)).statusCode).toBe(204);
    const refused = await second.app.inject({ method: "PROPFIND", url: calendar, headers: { authorization, depth: "0" } });
    expect(refused.statusCode).toBe(401);
  });
});
