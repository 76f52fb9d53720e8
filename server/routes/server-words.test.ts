import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../app";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

// Decision 109: every refusal the server words comes in the reader's language (the account's, else
// Accept-Language), with the same `code` in every language; English stays word for word.

describeEachEngine("the server's refusals in the reader's language (decision 109)", (engine) => {
  let t: TestApp;
  let english: TestClient;
  let spanish: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    english = new TestClient(t.app);
    await english.register();
    spanish = new TestClient(t.app);
    await spanish.register();
    expect((await spanish.request("PUT", "/api/user/preferences", { locale: "es" })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The same call by the English and the Spanish account: [status, body] of each. */
  async function both(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const answers = [];
    for (const client of [english, spanish]) {
      const res = await client.request(method, url, body, headers);
      answers.push([res.statusCode, res.json()]);
    }
    return answers;
  }

  it("404: a task that is not there", async () => {
    expect(await both("GET", "/api/tasks/999999")).toEqual([
      [404, { message: "Task not found", code: "server.task_not_found" }],
      [404, { message: "No se encontró la tarea", code: "server.task_not_found" }],
    ]);
    expect(await both("GET", "/api/no-such-thing")).toEqual([
      [404, { message: "Not found", code: "server.not_found" }],
      [404, { message: "No se encontró", code: "server.not_found" }],
    ]);
  });

  it("403: a change without the CSRF token, and an admin's route", async () => {
    const answers = [];
    for (const client of [english, spanish]) {
      const token = client.csrfToken;
      client.csrfToken = undefined;
      const res = await client.request("POST", "/api/tasks", { title: "x" });
      client.csrfToken = token;
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([
      [403, { message: "Invalid or missing CSRF token", code: "server.csrf_invalid" }],
      [403, { message: "Falta el token CSRF o no es válido", code: "server.csrf_invalid" }],
    ]);
    expect(await both("GET", "/api/admin/users")).toEqual([
      [403, { message: "Only admins can do this.", code: "server.admins_only" }],
      [403, { message: "Solo los administradores pueden hacer esto.", code: "server.admins_only" }],
    ]);
  });

  it("400, 413 and 415: bodies Fastify refuses", async () => {
    expect(await both("POST", "/api/tasks", '{"title": "x"')).toEqual([
      [400, { message: "Request body is not valid JSON", code: "server.body_invalid_json" }],
      [400, { message: "La solicitud no es un JSON válido", code: "server.body_invalid_json" }],
    ]);
    expect(await both("POST", "/api/tasks", { title: "x".repeat(BODY_LIMIT_BYTES) })).toEqual([
      [413, { message: "Request body is too large", code: "server.body_too_large" }],
      [413, { message: "La solicitud es demasiado grande", code: "server.body_too_large" }],
    ]);
    expect(await both("POST", "/api/tasks", "<title>x</title>", { "content-type": "application/xml" })).toEqual([
      [415, { message: "Unsupported content type: send JSON", code: "server.unsupported_media_type" }],
      [415, { message: "Tipo de contenido no admitido: envía JSON", code: "server.unsupported_media_type" }],
    ]);
  });

  it("400: a body shorter than its Content-Length says", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json", "content-length": "50", "accept-language": "es" },
      payload: '{"email":"a@example.com"}',
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: "El tamaño de la solicitud no coincide con Content-Length", code: "server.body_length_mismatch" },
    ]);
  });

  it("a visitor's refusal by Accept-Language, English without one", async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.request("GET", "/api/user")).json()).toEqual({ message: "Not signed in", code: "server.not_signed_in" });
    expect((await visitor.request("GET", "/api/user", undefined, { "accept-language": "es-US,es;q=0.9" })).json()).toEqual({
      message: "No has iniciado sesión",
      code: "server.not_signed_in",
    });
    // The account's language wins over the browser's.
    expect((await spanish.request("GET", "/api/tasks/999999", undefined, { "accept-language": "en" })).json().message).toBe(
      "No se encontró la tarea",
    );
  });

  it("what became of a push, as the sender reads it", async () => {
    for (const [client, error] of [
      [english, "No device has notifications turned on for this user"],
      [spanish, "Ningún dispositivo de este usuario tiene las notificaciones activadas"],
    ] as const) {
      const { id } = (await client.request("GET", "/api/user")).json();
      const res = await client.request("POST", "/api/push/send", { externalUserIds: [id], title: "Hola", body: "Prueba" });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: false, error }]);
    }
  });

  // Last: it uses up this address's allowance of unknown paths.
  it("429: the rate limit of unknown paths, with its values as params", async () => {
    const visitor = new TestClient(t.app);
    let res = await visitor.request("GET", "/api/missing-0");
    for (let i = 1; i <= 300 && res.statusCode !== 429; i++) res = await visitor.request("GET", `/api/missing-${i}`);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      message: "Rate limit exceeded, retry in 1 minute",
      code: "server.rate_limited_minutes",
      params: { count: 1 },
    });
    const inSpanish = await visitor.request("GET", "/api/missing", undefined, { "accept-language": "es" });
    expect([inSpanish.statusCode, inSpanish.json()]).toEqual([
      429,
      { message: "Demasiadas solicitudes: vuelve a intentarlo en 1 minuto", code: "server.rate_limited_minutes", params: { count: 1 } },
    ]);
  });
});

describe("the rate limit's words", () => {
  it("keep @fastify/rate-limit's English for every unit", async () => {
    const { rateLimitError } = await import("../app");
    const { wordError } = await import("../i18n");
    for (const after of ["1 second", "59 seconds", "1 minute", "2 hours", "3 days", "500 ms"]) {
      expect(wordError("en", rateLimitError(after).message).message).toBe(`Rate limit exceeded, retry in ${after}`);
    }
    expect(wordError("es", rateLimitError("2 hours").message).message).toBe("Demasiadas solicitudes: vuelve a intentarlo en 2 horas");
    expect(rateLimitError("1 year").message).toBe("Rate limit exceeded, retry in 1 year");
  });
});
