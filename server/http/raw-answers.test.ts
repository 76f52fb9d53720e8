import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/harness";

// Decision 050: what Node answers before Fastify sees a request (oversized headers, a malformed
// request, one that takes too long to arrive) and Fastify's routing errors (a malformed URL) get
// the one error shape and the security headers, and a request trickled in byte by byte is cut
// off. Over a real socket: inject() never reaches Node's HTTP parser.
const REQUEST_TIMEOUT_MS = 1000;

interface RawAnswer {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

function parse(raw: string): Omit<RawAnswer, "closedAfterMs"> {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: status ? Number(status) : null, headers, body: rest.join("\r\n\r\n") };
}

/**
 * Sends `chunks` (a number is a pause in ms) on a fresh connection and reads until the server
 * closes it, or `giveUpMs` passes (then the socket is still open: closedAfterMs is Infinity).
 */
async function exchange(port: number, chunks: Array<string | number>, giveUpMs = 5000): Promise<RawAnswer> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const started = performance.now();
  let raw = "";
  let closed = false;
  socket.on("data", (d) => (raw += d));
  socket.on("error", () => {});
  const closing = new Promise<number>((resolve) => socket.once("close", () => ((closed = true), resolve(performance.now() - started))));
  const sending = (async () => {
    for (const chunk of chunks) {
      if (closed) return;
      if (typeof chunk === "number") await new Promise((r) => setTimeout(r, chunk));
      else socket.write(chunk);
    }
  })();
  const closedAfterMs = await Promise.race([closing, new Promise<number>((r) => setTimeout(() => r(Infinity), giveUpMs))]);
  socket.destroy();
  await sending;
  return { ...parse(raw), closedAfterMs };
}

/** One byte every `everyMs`, `count` times. */
const trickle = (text: string, everyMs: number) => [...text].flatMap((c) => [c, everyMs]);

describe("answers written before Fastify's hooks run [sqlite]", () => {
  let test: TestApp;
  let port: number;
  let securityHeaders: Record<string, string>;
  let apiSecurityHeaders: Record<string, string | null>;

  beforeAll(async () => {
    test = await buildTestApp("sqlite", { env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    port = (test.app.server.address() as net.AddressInfo).port;
    // What helmet sets on an ordinary answer outside the API (a page's set, the fuller one):
    // every raw answer, written before the router knows what was asked, must carry the same.
    const normal = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    securityHeaders = Object.fromEntries(
      [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "cross-origin-resource-policy",
        "origin-agent-cluster",
        "x-dns-prefetch-control",
        "x-download-options",
        "x-permitted-cross-domain-policies",
        "x-xss-protection",
      ].map((name) => [name, normal.headers.get(name)!]),
    );
    expect(securityHeaders["content-security-policy"]).toContain("default-src 'self'");
    // An answer Fastify routed to the API carries the API's set instead (decision 094).
    const api = await fetch(`http://127.0.0.1:${port}/api/health`);
    apiSecurityHeaders = Object.fromEntries(Object.keys(securityHeaders).map((name) => [name, api.headers.get(name)]));
    expect(apiSecurityHeaders["content-security-policy"]).toContain("default-src 'none'");
  });
  afterAll(async () => test?.close());

  function expectOneShapeAndHeaders(answer: RawAnswer, status: number, headers: Record<string, string | null> = securityHeaders) {
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body);
    expect(Object.keys(body)).toEqual(["message", "code"]);
    expect(body.message).toEqual(expect.any(String));
    expect(body.code).toMatch(/^server\.[a-z_]+$/);
    for (const [name, value] of Object.entries(headers)) expect(answer.headers[name] ?? null, name).toBe(value);
  }

  it("cuts off a request whose body trickles in, within the request time-out", async () => {
    const head = "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n";
    const answer = await exchange(port, [head, ...trickle('{"email":"a@example.com","password":"x"', 250)]);
    // Node checks for late requests once a second: the bound plus that interval, plus a margin.
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1000 + 1000);
    // The answer that went out before the connection closed is in the one shape: 503 (the
    // request did not complete in time) or 408 (it did not even arrive).
    expect([408, 503]).toContain(answer.status);
    // A 503 comes from the routed request (the API's headers), a 408 from Node (a page's).
    expectOneShapeAndHeaders(answer, answer.status!, answer.status === 503 ? apiSecurityHeaders : securityHeaders);
    console.log(
      `trickled body: connection closed after ${answer.closedAfterMs.toFixed(0)} ms with ${answer.status} (bound ${REQUEST_TIMEOUT_MS} ms)`,
    );
  });

  it("cuts off a request whose headers trickle in with 408 in the one shape", async () => {
    const answer = await exchange(port, [
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
      ...trickle("X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 250),
    ]);
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1000 + 1000);
    expectOneShapeAndHeaders(answer, 408);
    console.log(
      `trickled headers: connection closed after ${answer.closedAfterMs.toFixed(0)} ms with 408 (bound ${REQUEST_TIMEOUT_MS} ms)`,
    );
  });

  it("closes a connection that sends nothing at all, within the request time-out", async () => {
    const answer = await exchange(port, []);
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1000 + 1000);
  });

  it("answers oversized headers with 431 in the one shape", async () => {
    const answer = await exchange(port, [`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`]);
    expectOneShapeAndHeaders(answer, 431);
  });

  it("answers an oversized URL with 431 in the one shape", async () => {
    const answer = await exchange(port, [`GET /api/${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`]);
    expectOneShapeAndHeaders(answer, 431);
  });

  it("answers a malformed request with 400 in the one shape", async () => {
    const answer = await exchange(port, ["THIS IS NOT HTTP\r\n\r\n"]);
    expectOneShapeAndHeaders(answer, 400);
  });

  it("answers a malformed header with 400 in the one shape", async () => {
    const answer = await exchange(port, ["GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\n\r\n"]);
    expectOneShapeAndHeaders(answer, 400);
  });

  it("answers a malformed URL (/api/%) with 400 in the one shape and the security headers", async () => {
    const answer = await exchange(port, ["GET /api/% HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"]);
    expectOneShapeAndHeaders(answer, 400);
    expect(JSON.parse(answer.body)).toEqual({ message: "The address is not valid", code: "server.bad_url" });
  });

  // Decision 109: worded in the request's language when Node read its Accept-Language, with the same code.
  it("words a raw answer by the request's Accept-Language when it has one, with the same code", async () => {
    const malformed = await exchange(port, [
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: es-MX,es;q=0.9\r\nBad Header Name: x\r\n\r\n",
    ]);
    expectOneShapeAndHeaders(malformed, 400);
    expect(JSON.parse(malformed.body)).toEqual({ message: "Solicitud incorrecta", code: "server.bad_request" });
    const english = await exchange(port, ["GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\n\r\n"]);
    expect(JSON.parse(english.body)).toEqual({ message: "Bad request", code: "server.bad_request" });
    const oversized = await exchange(port, [
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: es\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ]);
    expectOneShapeAndHeaders(oversized, 431);
    expect(JSON.parse(oversized.body)).toEqual({
      message: "Los encabezados o la dirección de la solicitud son demasiado grandes",
      code: "server.headers_too_large",
    });
    const badUrl = await exchange(port, ["GET /api/% HTTP/1.1\r\nHost: localhost\r\nAccept-Language: es\r\nConnection: close\r\n\r\n"]);
    expect(JSON.parse(badUrl.body)).toEqual({ message: "La dirección no es válida", code: "server.bad_url" });
  });
});
