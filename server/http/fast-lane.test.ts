import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOUCH_INTERVAL_MS } from "../repositories/sessions";
import { guardsOfHotRead, requestIdSequence } from "./fast-lane";
import { DEFAULT_GUARDS, readRefusal, type RouteGuards } from "../plugins/route-guards";
import { buildTestApp, describeEachEngine, describePostgresOnly, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";

// Decision 096: the hot reads answered from memory ahead of Fastify's pipeline. `app.inject` never
// reaches the lane (it does not use the HTTP server), so these tests talk HTTP to a listening app.

interface RawAnswer {
  status: number;
  /** Every header but Date, which only says when. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a real connection, with the raw target as given (no normalising client in between). */
function send(base: string, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // The target goes as `path`: a URL would drop an empty query and normalise the path.
    const { hostname, port } = new URL(base);
    const request = http.request({ hostname, port, path: target, method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        const { date: _date, ...rest } = response.headers;
        resolve({ status: response.statusCode!, headers: rest, body: text });
      });
    });
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describeEachEngine("the fast lane", (engine) => {
  let now = Date.now();
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { ADMIN_PASSCODE: "F4ST" },
      sessionClock: () => new Date(now),
      // A hot read whose answer throws: the lane must hand the request to Fastify, not crash.
      routes: (app) => {
        app.get("/api/lane-fails", async () => ({ answeredBy: "fastify" }));
        app.hotRead("/api/lane-fails", {
          answer: () => {
            throw new Error("a broken hot read");
          },
        });
      },
    });
    base = await listening(t);
  });
  afterAll(() => t.close());

  /** A student with classes (a longer user answer), signed in, their session kept in memory. */
  async function student() {
    const client = new TestClient(t.app);
    const { body } = await client.register();
    const classes = await client.request("POST", "/api/user/classes", {
      userClasses: [
        "Health (Semester 1)",
        "Driver Ed (Semester 2)",
        "Biology (Double Block)",
        "Lunch",
        'English "Honors"',
        "Histoire é",
        "Spanish",
      ],
    });
    expect(classes.statusCode).toBe(200);
    const cookie = client.cookie!;
    // The first read over HTTP fills the session cache (a miss, answered by Fastify).
    expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200);
    return { client, cookie, email: body.email };
  }

  /**
   * Sends `target` twice: as given (the lane may answer) and with an empty query added (the lane
   * never answers that; Fastify's router reads it as the same route). Returns both answers and
   * whether the lane answered the first.
   */
  async function bothWays(target: string, headers: Record<string, string>) {
    const before = t.app.fastLaneAnswered();
    const lane = await send(base, "GET", target, headers);
    const answeredByLane = t.app.fastLaneAnswered() - before;
    const fastify = await send(base, "GET", `${target}?`, headers);
    expect(t.app.fastLaneAnswered() - before).toBe(answeredByLane);
    return { lane, fastify, answeredByLane };
  }

  it("answers GET /api/user and an unchanged list's 304 with exactly what Fastify sends", async () => {
    const { cookie } = await student();
    const user = await bothWays("/api/user", { cookie });
    expect(user.answeredByLane).toBe(1);
    expect(user.lane).toEqual(user.fastify);
    expect(user.lane.status).toBe(200);
    expect(JSON.parse(user.lane.body).userClasses).toHaveLength(7);
    const userTag = String(user.lane.headers.etag);

    for (const ifNoneMatch of [userTag, `W/${userTag}`, `"other", ${userTag}`, "*"]) {
      const notModified = await bothWays("/api/user", { cookie, "if-none-match": ifNoneMatch });
      expect(notModified.answeredByLane).toBe(1);
      expect(notModified.lane).toEqual(notModified.fastify);
      expect(notModified.lane.status).toBe(304);
    }

    // Another shape of the user answer: an admin with a profile picture.
    const me = JSON.parse(user.lane.body) as { id: number };
    await t.db
      .updateTable("users")
      .set({ is_admin: 1, profile_image_url: 'https://images.example/ada "quoted".png' })
      .where("id", "=", me.id)
      .execute();
    expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200); // reloads the changed user
    const admin = await bothWays("/api/user", { cookie });
    expect(admin.answeredByLane).toBe(1);
    expect(admin.lane).toEqual(admin.fastify);
    expect(JSON.parse(admin.lane.body)).toMatchObject({ isAdmin: true, profileImageUrl: 'https://images.example/ada "quoted".png' });

    for (const list of ["/api/tasks", "/api/events"]) {
      const etag = String((await send(base, "GET", list, { cookie })).headers.etag);
      const unchanged = await bothWays(list, { cookie, "if-none-match": etag });
      expect(unchanged.answeredByLane).toBe(1);
      expect(unchanged.lane).toEqual(unchanged.fastify);
      expect(unchanged.lane.status).toBe(304);
      // A stale tag needs the list itself: Fastify answers.
      const stale = await bothWays(list, { cookie, "if-none-match": '"tasks-stale"' });
      expect(stale.answeredByLane).toBe(0);
      expect(stale.lane.status).toBe(200);
    }
  });

  it("stops answering a list's old tag once a write changed the list", async () => {
    const { client, cookie } = await student();
    const etag = String((await send(base, "GET", "/api/tasks", { cookie })).headers.etag);
    expect((await bothWays("/api/tasks", { cookie, "if-none-match": etag })).answeredByLane).toBe(1);
    expect((await client.request("POST", "/api/tasks", { title: "Read chapter 4" })).statusCode).toBe(201);
    const after = await bothWays("/api/tasks", { cookie, "if-none-match": etag });
    expect(after.answeredByLane).toBe(0);
    expect(after.lane.status).toBe(200);
    expect(JSON.parse(after.lane.body).map((task: { title: string }) => task.title)).toEqual(["Read chapter 4"]);
  });

  it("leaves to Fastify every request it cannot answer with certainty", async () => {
    const { cookie } = await student();
    const cases: Array<{ method?: string; target: string; headers?: Record<string, string>; body?: string; status: number }> = [
      { target: "/api/user", status: 401 }, // a visitor
      { target: "/api/user", headers: { cookie: "sid=not-a-session" }, status: 401 },
      { target: "/api/user", headers: { cookie: "theme=dark" }, status: 401 },
      { method: "HEAD", target: "/api/user", headers: { cookie }, status: 200 },
      { target: "/%61pi/user", headers: { cookie }, status: 200 }, // the router decodes it
      { target: "/api/user/", headers: { cookie }, status: 404 },
      { target: "/api/tasks", headers: { cookie }, status: 200 }, // no tag: the list itself
      { target: "/api/user", headers: { cookie, "content-type": "application/json", "content-length": "2" }, body: "{}", status: 200 },
      {
        target: "/api/user",
        headers: { cookie, "content-type": "application/json", "transfer-encoding": "chunked" },
        body: "{}",
        status: 200,
      },
    ];
    for (const { method = "GET", target, headers = {}, body, status } of cases) {
      const before = t.app.fastLaneAnswered();
      const answer = await send(base, method, target, headers, body);
      const request = `${method} ${target} ${JSON.stringify(headers)}`;
      expect({ request, status: answer.status }).toEqual({ request, status });
      expect({ request, answered: t.app.fastLaneAnswered() - before }).toEqual({ request, answered: 0 });
    }
  });

  it("hands a request to Fastify when working out its answer fails", async () => {
    const { cookie } = await student();
    const before = t.app.fastLaneAnswered();
    const answer = await send(base, "GET", "/api/lane-fails", { cookie });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ answeredBy: "fastify" });
    expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200);
    expect(t.app.fastLaneAnswered()).toBe(before + 1);
  });

  it("keeps the guards: a user whose password was reset gets their user, and 403 for a list", async () => {
    const { client, cookie } = await student();
    const etag = String((await send(base, "GET", "/api/tasks", { cookie })).headers.etag);
    const me = (await client.request("GET", "/api/user")).json();
    await t.db.updateTable("users").set({ password_reset_required: 1 }).where("id", "=", me.id).execute();
    // The change dropped the kept user: the next read loads it again (through Fastify).
    expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200);

    const user = await bothWays("/api/user", { cookie });
    expect(user.answeredByLane).toBe(1);
    expect(JSON.parse(user.lane.body).passwordResetRequired).toBe(true);
    const list = await bothWays("/api/tasks", { cookie, "if-none-match": etag });
    expect(list.answeredByLane).toBe(0);
    expect(list.lane.status).toBe(403);
    expect(JSON.parse(list.lane.body)).toEqual({
      message: "You must set a new password before continuing.",
      code: "server.password_reset_pending",
    });
  });

  it("lets Fastify record last-seen when it is due, then answers again", async () => {
    const { cookie } = await student();
    now += TOUCH_INTERVAL_MS + 1000;
    try {
      const before = t.app.fastLaneAnswered();
      expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200);
      expect(t.app.fastLaneAnswered()).toBe(before);
      expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(200);
      expect(t.app.fastLaneAnswered()).toBe(before + 1);
    } finally {
      now -= TOUCH_INTERVAL_MS + 1000;
    }
  });

  it("stops answering for a session at once when it ends: sign-out, admin reset", async () => {
    const { client, cookie, email } = await student();
    expect((await client.request("POST", "/api/logout")).statusCode).toBe(200);
    const before = t.app.fastLaneAnswered();
    expect((await send(base, "GET", "/api/user", { cookie })).status).toBe(401);
    expect(t.app.fastLaneAnswered()).toBe(before);

    const phone = new TestClient(t.app);
    expect((await phone.login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await send(base, "GET", "/api/user", { cookie: phone.cookie! })).status).toBe(200);
    expect((await send(base, "GET", "/api/user", { cookie: phone.cookie! })).status).toBe(200);
    const admin = new TestClient(t.app);
    const { user } = await admin.register();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    expect((await admin.request("POST", "/api/admin/login", { passcode: "F4ST" })).statusCode).toBe(200);
    await admin.refreshCsrf();
    const me = (await phone.request("GET", "/api/user")).json();
    expect((await admin.request("POST", `/api/admin/users/${me.id}/reset-password`)).statusCode).toBe(200);
    expect((await send(base, "GET", "/api/user", { cookie: phone.cookie! })).status).toBe(401);
  });
});

describePostgresOnly("the fast lane on two instances", () => {
  let first: TestApp;
  let second: TestApp;
  let secondBase: string;
  beforeAll(async () => {
    first = await buildTestApp("postgres");
    second = await buildTestApp("postgres", { database: first.config.database });
    secondBase = await listening(second);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("stops answering on one instance as soon as the session is signed out on the other", async () => {
    const client = new TestClient(first.app);
    await client.register();
    const cookie = client.cookie!;
    expect((await send(secondBase, "GET", "/api/user", { cookie })).status).toBe(200);
    const before = second.app.fastLaneAnswered();
    expect((await send(secondBase, "GET", "/api/user", { cookie })).status).toBe(200);
    expect(second.app.fastLaneAnswered()).toBe(before + 1);

    expect((await client.request("POST", "/api/logout")).statusCode).toBe(200);
    const committed = performance.now();
    // Polled as a phone would: 200 only until the notification arrives, then 401 for good.
    let status = 200;
    while (status === 200) {
      expect(performance.now() - committed).toBeLessThan(100);
      status = (await send(secondBase, "GET", "/api/user", { cookie })).status;
    }
    expect(status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await send(secondBase, "GET", "/api/user", { cookie })).status).toBe(401);
  });
});

describe("the fast lane's access lines", () => {
  it("are Fastify's, with request ids from the one sequence", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const t = await buildTestApp("sqlite", { logLines: (line) => lines.push(JSON.parse(line)) });
    try {
      const base = await listening(t);
      const client = new TestClient(t.app);
      await client.register();
      const cookie = client.cookie!;
      for (const target of ["/api/user", "/api/user", "/api/user?", "/api/user"])
        expect((await send(base, "GET", target, { cookie })).status).toBe(200);
      expect(t.app.fastLaneAnswered()).toBe(3); // all but the one with a query
      const completed = lines.filter((line) => line.msg === "request completed" && String(line.url).startsWith("/api/user"));
      expect(completed.map((line) => line.url)).toEqual(["/api/user", "/api/user", "/api/user?", "/api/user"]);
      const fields = (line: Record<string, unknown>) => Object.keys(line).join(",");
      for (const line of completed) {
        expect(fields(line)).toBe("level,time,pid,hostname,reqId,method,url,statusCode,ms,msg");
        expect(line).toMatchObject({ level: 30, method: "GET", statusCode: 200 });
      }
      const ids = completed.map((line) => parseInt(String(line.reqId).slice("req-".length), 36));
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
      expect(new Set(lines.map((line) => line.reqId).filter(Boolean)).size).toBe(
        lines.filter((line) => line.msg === "request completed").length,
      );
    } finally {
      await t.close();
    }
  });
});

describe("a hot read's route", () => {
  const route = (url: string, guards: Partial<RouteGuards> = {}) => ({ method: "GET", url, ...DEFAULT_GUARDS, ...guards });

  it("must exist and need a signed-in user; its guards are the lane's", () => {
    expect(guardsOfHotRead("/api/user", [route("/api/user", { allowDuringPasswordReset: true })])).toEqual({
      auth: "user",
      csrf: true,
      allowDuringPasswordReset: true,
    });
    expect(guardsOfHotRead("/api/tasks", [route("/api/tasks")])).toEqual(DEFAULT_GUARDS);
    expect(() => guardsOfHotRead("/api/moved", [route("/api/tasks")])).toThrow("no GET /api/moved route");
    expect(() => guardsOfHotRead("/api/tasks", [{ ...route("/api/tasks"), method: "POST" }])).toThrow("no GET /api/tasks route");
    for (const auth of ["public", "admin", "admin-unlocked"] as const)
      expect(() => guardsOfHotRead("/api/x", [route("/api/x", { auth })])).toThrow(`needs "${auth}"`);
  });
});

describe("the guards' one rule for a read (readRefusal), which the lane and the hook share", () => {
  const student = { is_admin: 0, password_reset_required: 0 };
  const reset = { is_admin: 0, password_reset_required: 1 };
  const admin = { is_admin: 1, password_reset_required: 0 };
  const unlocked = { admin_unlocked_at: new Date().toISOString() };
  const locked = { admin_unlocked_at: null };
  const code = (refusal: { message: string } | null) => refusal && refusal.message.split(" ")[0];

  it("lets a student read a student's route, and a reset account only where the route allows it", () => {
    expect(readRefusal(DEFAULT_GUARDS, { user: student, session: locked })).toBeNull();
    expect(code(readRefusal(DEFAULT_GUARDS, { user: reset, session: locked }))).toBe("server.password_reset_pending");
    expect(readRefusal({ ...DEFAULT_GUARDS, allowDuringPasswordReset: true }, { user: reset, session: locked })).toBeNull();
    expect(code(readRefusal(DEFAULT_GUARDS, { user: undefined, session: undefined }))).toBe("server.not_signed_in");
  });

  it("keeps the admin levels", () => {
    const guards = { ...DEFAULT_GUARDS, auth: "admin-unlocked" as const };
    expect(code(readRefusal(guards, { user: student, session: unlocked }))).toBe("server.admins_only");
    expect(code(readRefusal(guards, { user: admin, session: locked }))).toBe("server.admin_locked");
    expect(readRefusal(guards, { user: admin, session: unlocked })).toBeNull();
  });
});

describe("request ids", () => {
  it("follow Fastify's own format, one sequence for the lane and Fastify", () => {
    const next = requestIdSequence();
    expect([next(), next(), next()]).toEqual(["req-1", "req-2", "req-3"]);
    for (let i = 0; i < 33; i++) next();
    expect(next()).toBe("req-11");
  });
});
