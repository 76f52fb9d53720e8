import { afterAll, beforeAll, expect, it } from "vitest";
import { createDAVClient } from "tsdav";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "./test/harness";

/**
 * The CalDAV server's doors (issue 52): discovery from the bare server address with a device
 * password, the student's three calendars, their change tags, and every refusal, driven by tsdav,
 * a CalDAV client written elsewhere, over a real socket.
 */
describeEachEngine("CalDAV: discovery and sign-in", (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { authRateLimits: undefined });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  /** A student with a device password made in Settings (the API), as a calendar app is given them. */
  async function connected(name = "Maya's iPhone") {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const made = (await client.request("POST", "/api/user/device-passwords", { name })).json();
    return {
      client,
      id: user.id as number,
      username: made.username as string,
      password: made.password as string,
      passwordId: made.id as number,
    };
  }
  const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const dav = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, { redirect: "manual", ...init });

  it("is found from the server's bare address and lists the events, tasks and school calendars", async () => {
    const { username, password, id } = await connected();
    const client = await createDAVClient({
      serverUrl: `${base}/`,
      credentials: { username, password },
      authMethod: "Basic",
      defaultAccountType: "caldav",
    });
    const calendars = await client.fetchCalendars();
    expect(calendars.map((c) => [c.url, c.displayName, c.components])).toEqual([
      [`${base}/dav/calendars/${id}/events/`, "Student Hub", ["VEVENT"]],
      [`${base}/dav/calendars/${id}/tasks/`, "Student Hub tasks", ["VTODO"]],
      [`${base}/dav/calendars/${id}/school/`, "School (Student Hub)", ["VEVENT"]],
    ]);
    expect(calendars.every((c) => typeof c.ctag === "string" && c.syncToken)).toBe(true);
  });

  it("moves the events' and tasks' change tag with a change made in the app, on whichever calendar it is read", async () => {
    const { client, username, password } = await connected();
    const dav = await createDAVClient({
      serverUrl: `${base}/`,
      credentials: { username, password },
      authMethod: "Basic",
      defaultAccountType: "caldav",
    });
    const before = await dav.fetchCalendars();
    await client.request("POST", "/api/tasks", { title: "Essay" });
    const after = await dav.fetchCalendars();
    expect(after[0]!.ctag).not.toBe(before[0]!.ctag);
    expect(after[1]!.ctag).not.toBe(before[1]!.ctag);
    expect(after[1]!.syncToken).not.toBe(before[1]!.syncToken);
    // The school's calendar moves with the school, not with the student's tasks.
    expect(after[2]!.ctag).toBe(before[2]!.ctag);
  });

  it("answers the well-known address, OPTIONS and a Depth 0 PROPFIND as the RFCs say", async () => {
    const { username, password, id } = await connected();
    const wellKnown = await dav("/.well-known/caldav", { method: "PROPFIND" });
    expect([wellKnown.status, wellKnown.headers.get("location")]).toEqual([301, "/dav/"]);
    const options = await dav("/dav/", { method: "OPTIONS" });
    expect(options.headers.get("dav")).toBe("1, 3, calendar-access");
    const propfind = await dav(`/dav/calendars/${id}/tasks/`, {
      method: "PROPFIND",
      headers: {
        authorization: basic(username, password),
        depth: "0",
        "content-type": "application/xml",
      },
      body: `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:displayname/><C:supported-calendar-component-set/><D:quota-used-bytes/></D:prop></D:propfind>`,
    });
    expect(propfind.status).toBe(207);
    expect(propfind.headers.get("cache-control")).toBe("private, no-cache");
    expect(propfind.headers.get("set-cookie")).toBeNull();
    const body = await propfind.text();
    expect(body).toContain("<d:displayname>Student Hub tasks</d:displayname>");
    expect(body).toContain('<c:comp name="VTODO"/>');
    // A property it does not have is listed as such.
    expect(body).toMatch(/<d:propstat><d:prop><d:quota-used-bytes\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found<\/d:status><\/d:propstat>/);
  });

  it("refuses no credentials, the account password, a wrong or revoked device password, another student's calendars, a web page's request and bad XML", async () => {
    const maya = await connected();
    const sam = await connected();
    const propfind = (path: string, authorization?: string, extra: Record<string, string> = {}, body = "") =>
      dav(path, { method: "PROPFIND", headers: { depth: "0", ...(authorization ? { authorization } : {}), ...extra }, body });
    const none = await propfind("/dav/");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Basic realm="Student Hub", charset="UTF-8"');
    expect((await none.json()).code).toBe("caldav.sign_in_needed");
    // The account's own password is never a calendar app's.
    expect((await propfind("/dav/", basic(maya.username, "Str0ng-Pa55word!"))).status).toBe(401);
    expect((await propfind("/dav/", basic(maya.username, "abcd-efgh-jkmn-pqrs"))).status).toBe(401);
    // Sam's password with Maya's address: no.
    expect((await propfind("/dav/", basic(maya.username, sam.password))).status).toBe(401);
    // Typed without its dashes, in capitals: the same password.
    expect((await propfind("/dav/", basic(maya.username, maya.password.replaceAll("-", "").toUpperCase()))).status).toBe(207);
    expect((await propfind(`/dav/calendars/${sam.id}/events/`, basic(maya.username, maya.password))).status).toBe(404);
    expect((await propfind(`/dav/principals/${sam.id}/`, basic(maya.username, maya.password))).status).toBe(404);
    const page = await propfind("/dav/", basic(maya.username, maya.password), { origin: "https://evil.example" });
    expect([page.status, (await page.json()).code]).toEqual([403, "caldav.origin_refused"]);
    const bad = await propfind("/dav/", basic(maya.username, maya.password), { "content-type": "application/xml" }, "<propfind><prop>");
    expect([bad.status, (await bad.json()).code]).toEqual([400, "caldav.bad_xml"]);

    // Revoked in Settings: refused from the next request on.
    expect((await maya.client.request("DELETE", `/api/user/device-passwords/${maya.passwordId}`)).statusCode).toBe(204);
    expect((await propfind("/dav/", basic(maya.username, maya.password))).status).toBe(401);
  });

  it("records a device password's last use, and counts wrong passwords toward the sign-in limits", async () => {
    const { client, username, password } = await connected();
    expect((await dav("/dav/", { method: "PROPFIND", headers: { depth: "0", authorization: basic(username, password) } })).status).toBe(
      207,
    );
    const [listed] = (await client.request("GET", "/api/user/device-passwords")).json();
    expect(listed.lastUsedAt).not.toBeNull();
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) {
      status = (await dav("/dav/", { method: "PROPFIND", headers: { depth: "0", authorization: basic(username, `wrong-${i}`) } })).status;
    }
    expect(status).toBe(429);
  });
});
