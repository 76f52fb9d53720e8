import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

interface Answer {
  status: number;
  body: string;
  cacheControl: string | undefined;
}

/**
 * Sends a request target exactly as written (light-my-request would normalise it): an encoded
 * path, or the absolute form `http://host/path` that HTTP/1.1 servers must accept.
 */
function send(port: number, method: string, target: string, headers: Record<string, string>): Promise<Answer> {
  const body = method === "GET" || method === "HEAD" ? undefined : "{}";
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: target,
        agent: false,
        headers: {
          host: `localhost:${port}`,
          ...(body ? { "content-type": "application/json", "content-length": String(body.length) } : {}),
          ...headers,
        },
      },
      (response) => {
        // A stream (GET /api/stream, decision 114) never ends: its status and headers are the answer.
        if (response.headers["content-type"]?.startsWith("text/event-stream")) {
          resolve({ status: response.statusCode!, body: "", cacheControl: response.headers["cache-control"] });
          response.destroy();
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: text, cacheControl: response.headers["cache-control"] }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A route pattern made concrete: every parameter an id that does not exist. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "999999");

/** The same path spelt the ways an attacker would: the prefix or a later letter percent-encoded, absolute-form. */
function variants(path: string, port: number): string[] {
  const encodedPrefix = path.replace(/^\/api\//, "/%61pi/");
  const encodedLetter = path.replace(/^\/api\/(.)/, (_, letter: string) => `/api/%${letter.charCodeAt(0).toString(16)}`);
  const allEncoded = `/%61%70%69/${path.slice("/api/".length)}`;
  const origin = `http://localhost:${port}`;
  return [encodedPrefix, encodedLetter, allEncoded, `${origin}${path}`, `${origin}${encodedPrefix}`];
}

describeEachEngine("guards follow the route the router matched", (engine) => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  let csrfToken: string;
  let routes: Array<{ method: string; path: string }>;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    const student = new TestClient(t.app);
    await student.register();
    cookie = student.cookie!;
    csrfToken = student.csrfToken!;
    routes = t.app
      .routeGuards()
      .filter((route) => route.method !== "HEAD")
      .map((route) => ({ method: route.method, path: concrete(route.url) }));
  });
  afterAll(() => t.close());

  it("covers every route of the guard table", () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContainEqual({ method: "PUT", path: "/api/tasks/999999" });
    expect(routes).toContainEqual({ method: "POST", path: "/api/auth/set-new-password" });
  });

  it("answers a visitor's encoded and absolute-form requests exactly as the plain path, never 500", async () => {
    for (const { method, path } of routes) {
      const plain = await send(port, method, path, {});
      expect(plain.status, `${method} ${path}`).toBeLessThan(500);
      for (const target of variants(path, port)) {
        const answer = await send(port, method, target, {});
        expect({ target: `${method} ${target}`, status: answer.status, body: answer.body }).toEqual({
          target: `${method} ${target}`,
          status: plain.status,
          body: plain.body,
        });
        expect(answer.cacheControl, `${method} ${target}`).toBe("no-store");
      }
    }
  });

  it("asks a signed-in student for the CSRF token on every spelling of a state-changing route", async () => {
    for (const { method, path } of routes.filter((route) => route.method !== "GET")) {
      const plain = await send(port, method, path, { cookie });
      for (const target of variants(path, port)) {
        const answer = await send(port, method, target, { cookie });
        expect({ target: `${method} ${target}`, status: answer.status, body: answer.body }).toEqual({
          target: `${method} ${target}`,
          status: plain.status,
          body: plain.body,
        });
      }
    }
  });

  it("reads a signed-in student's data through any spelling of a GET route, as the plain path does", async () => {
    for (const { path } of routes.filter((route) => route.method === "GET")) {
      const plain = await send(port, "GET", path, { cookie });
      for (const target of variants(path, port)) {
        const answer = await send(port, "GET", target, { cookie });
        expect({ target, status: answer.status }).toEqual({ target, status: plain.status });
      }
    }
  });

  it("checks the CSRF token and the Origin on an encoded path no route matches", async () => {
    expect((await send(port, "POST", "/%61pi/nope", {})).status).toBe(401);
    const refused = await send(port, "DELETE", "/%61pi/nope", { cookie });
    expect(JSON.parse(refused.body)).toEqual({ message: "Invalid or missing CSRF token", code: "server.csrf_invalid" });
    expect(refused.status).toBe(403);
    expect((await send(port, "DELETE", "/%61pi/nope", { cookie, "x-csrf-token": csrfToken })).status).toBe(404);
    const foreign = await send(port, "POST", "/%61pi/nope", { cookie, "x-csrf-token": csrfToken, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await send(port, "GET", "/%61pi/nope", {})).cacheControl).toBe("no-store");
  });

  describe("a malformed request target", () => {
    it("answers 400 or 404 in the one error shape, never 500", async () => {
      for (const target of ["/%61pi/%", "http://localhost/api/%zz", "*", "api/tasks", "http://[bad/api/user"]) {
        const answer = await send(port, "GET", target, { cookie });
        expect([400, 404], target).toContain(answer.status);
        expect(JSON.parse(answer.body), target).toHaveProperty("message");
      }
    });
  });
});
