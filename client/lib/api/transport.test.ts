import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorMessage, isSessionExpired, SessionExpiredError } from "@/lib/api/errors";
import { forgetSession, SESSION_EXPIRED_REDIRECT_MS } from "@/lib/api/session-expiry";
import { API_TIMEOUT_MS, apiJson, apiRequest, apiRequestIfSignedIn, getQueryFn } from "@/lib/api/transport";

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown, statusText = ""): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

/** A fake fetch: routes by URL, records every call. */
function installFetch(routes: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const handler = routes[url] ?? routes["*"];
    if (!handler) throw new TypeError(`no route for ${url}`);
    return handler(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

const location = { href: "http://localhost/" };

beforeEach(() => {
  forgetSession();
  location.href = "http://localhost/";
  vi.stubGlobal("window", { location });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("apiRequest input checks", () => {
  it("rejects a method outside GET, POST, PUT, DELETE and PATCH", async () => {
    installFetch({});
    await expect(apiRequest("HEAD", "/api/tasks")).rejects.toThrow("Invalid HTTP method");
    await expect(apiRequest("OPTIONS", "/api/tasks")).rejects.toThrow("Invalid HTTP method");
  });

  it("rejects a URL that does not start with /api/", async () => {
    installFetch({});
    await expect(apiRequest("GET", "/public/onesignal-config")).rejects.toThrow("Invalid API URL");
    await expect(apiRequest("GET", "https://evil.example/api/user")).rejects.toThrow("Invalid API URL");
    await expect(apiRequest("GET", "/apix")).rejects.toThrow("Invalid API URL");
  });
});

describe("apiRequest headers", () => {
  it("sends cookies and no-cache headers, and no content type without a body", async () => {
    const { calls } = installFetch({ "/api/tasks": () => jsonResponse(200, []) });
    await apiRequest("GET", "/api/tasks");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.credentials).toBe("include");
    expect(headersOf(calls[0])).toEqual({ "Cache-Control": "no-cache", Pragma: "no-cache", "Accept-Language": "en" });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends JSON with a content type when there is a body", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "tok" }),
      "/api/tasks": () => jsonResponse(201, { id: 1 }),
    });
    await apiRequest("POST", "/api/tasks", { title: "Essay" });
    const post = calls.find((c) => c.url === "/api/tasks");
    expect(headersOf(post)["Content-Type"]).toBe("application/json");
    expect(post!.init.body).toBe(JSON.stringify({ title: "Essay" }));
    expect(post!.init.method).toBe("POST");
  });

  it("sends a file as its own bytes and type, not as JSON (a roster bundle)", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "tok" }),
      "/api/admin/roster/oneroster-csv?preview=true": () => jsonResponse(200, {}),
    });
    const zip = new Blob([new Uint8Array([0x50, 0x4b])], { type: "application/zip" });
    await apiRequest("POST", "/api/admin/roster/oneroster-csv?preview=true", zip);
    const post = calls.find((c) => c.url.startsWith("/api/admin/roster"));
    expect(headersOf(post)["Content-Type"]).toBe("application/zip");
    expect(post!.init.body).toBe(zip);
    expect(headersOf(post)["X-CSRF-Token"]).toBe("tok");
  });

  it("sends no content type on a body-less POST", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "tok" }),
      "/api/logout": () => jsonResponse(200, { ok: true }),
    });
    await apiRequest("POST", "/api/logout");
    const post = calls.find((c) => c.url === "/api/logout");
    expect(headersOf(post)["Content-Type"]).toBeUndefined();
    expect(headersOf(post)["X-CSRF-Token"]).toBe("tok");
  });
});

describe("CSRF token", () => {
  it("is fetched once, cached and sent on POST, PUT, PATCH and DELETE but not GET", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "tok-1" }),
      "*": () => jsonResponse(200, {}),
    });
    await apiRequest("GET", "/api/tasks");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) await apiRequest(method, "/api/tasks/1", {});
    expect(calls.filter((c) => c.url === "/api/csrf-token")).toHaveLength(1);
    const get = calls.find((c) => c.url === "/api/tasks");
    expect(headersOf(get)["X-CSRF-Token"]).toBeUndefined();
    const changes = calls.filter((c) => c.url === "/api/tasks/1");
    expect(changes.map((c) => headersOf(c)["X-CSRF-Token"])).toEqual(["tok-1", "tok-1", "tok-1", "tok-1"]);
  });

  it.each(["/api/auth/login", "/api/auth/register", "/api/login", "/api/register"])("is not sent to %s", async (url) => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "tok" }),
      [url]: () => jsonResponse(200, {}),
    });
    await apiRequest("POST", url, { email: "a@b.c", password: "x" });
    expect(calls.map((c) => c.url)).toEqual([url]);
    expect(headersOf(calls[0])["X-CSRF-Token"]).toBeUndefined();
  });

  it("is fetched once for changes started together", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = installFetch({
      "/api/csrf-token": async () => {
        await gate;
        return jsonResponse(200, { csrfToken: "tok-1" });
      },
      "*": () => jsonResponse(200, {}),
    });
    const changes = [apiRequest("PUT", "/api/tasks/1", {}), apiRequest("PUT", "/api/tasks/2", {}), apiRequest("DELETE", "/api/tasks/3")];
    release();
    await Promise.all(changes);
    expect(calls.filter((c) => c.url === "/api/csrf-token")).toHaveLength(1);
    expect(calls.filter((c) => c.url.startsWith("/api/tasks/")).map((c) => headersOf(c)["X-CSRF-Token"])).toEqual([
      "tok-1",
      "tok-1",
      "tok-1",
    ]);
  });

  it("fetched for a session that has since ended is not cached", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let n = 0;
    const { calls } = installFetch({
      "/api/csrf-token": async () => {
        const token = `tok-${++n}`;
        if (n === 1) await gate;
        return jsonResponse(200, { csrfToken: token });
      },
      "*": () => jsonResponse(200, {}),
    });
    const first = apiRequest("POST", "/api/tasks", {});
    forgetSession(); // signed out and in again while the first token was on its way
    release();
    await first;
    await apiRequest("POST", "/api/tasks", {});
    expect(calls.filter((c) => c.url === "/api/csrf-token")).toHaveLength(2);
    expect(headersOf(calls.at(-1))["X-CSRF-Token"]).toBe("tok-2");
  });

  it("falls back to /api/admin/csrf-token when the first answer is not ok", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(500, { message: "boom" }),
      "/api/admin/csrf-token": () => jsonResponse(200, { csrfToken: "admin-tok" }),
      "/api/tasks": () => jsonResponse(201, {}),
    });
    await apiRequest("POST", "/api/tasks", {});
    expect(calls.map((c) => c.url)).toEqual(["/api/csrf-token", "/api/admin/csrf-token", "/api/tasks"]);
    expect(headersOf(calls[2])["X-CSRF-Token"]).toBe("admin-tok");
  });

  it("is not cached when the server answers null (no session yet)", async () => {
    let token: string | null = null;
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: token }),
      "*": () => jsonResponse(200, {}),
    });
    await apiRequest("POST", "/api/auth/set-new-password", {});
    expect(headersOf(calls[1])["X-CSRF-Token"]).toBeUndefined();
    token = "later";
    await apiRequest("POST", "/api/auth/set-new-password", {});
    expect(calls.filter((c) => c.url === "/api/csrf-token")).toHaveLength(2);
    expect(headersOf(calls[3])["X-CSRF-Token"]).toBe("later");
  });

  it("is refetched after forgetSession()", async () => {
    let n = 0;
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: `tok-${++n}` }),
      "*": () => jsonResponse(200, {}),
    });
    await apiRequest("POST", "/api/tasks", {});
    forgetSession();
    await apiRequest("POST", "/api/tasks", {});
    const sent = calls.filter((c) => c.url === "/api/tasks").map((c) => headersOf(c)["X-CSRF-Token"]);
    expect(sent).toEqual(["tok-1", "tok-2"]);
  });

  it("failing to load only warns, and the call goes on without it", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => {
        throw new TypeError("network down");
      },
      "/api/tasks": () => jsonResponse(201, {}),
    });
    await apiRequest("POST", "/api/tasks", {});
    expect(console.warn).toHaveBeenCalledWith("Failed to get CSRF token");
    const post = calls.find((c) => c.url === "/api/tasks");
    expect(headersOf(post)["X-CSRF-Token"]).toBeUndefined();
  });

  it("failing to load throws for paths under /api/admin/", async () => {
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(500, {}),
      "/api/admin/csrf-token": () => jsonResponse(500, {}),
      "*": () => jsonResponse(200, {}),
    });
    await expect(apiRequest("PUT", "/api/admin/settings", {})).rejects.toThrow();
    expect(console.warn).toHaveBeenCalledWith("Failed to get CSRF token");
    expect(calls.some((c) => c.url === "/api/admin/settings")).toBe(false);
  });
});

describe("errors", () => {
  it("a non-ok answer throws '{status}: {body}'", async () => {
    installFetch({ "/api/tasks/9": () => jsonResponse(404, { message: "Task not found" }) });
    const error = await apiRequest("GET", "/api/tasks/9").catch((e: unknown) => e);
    expect((error as Error).message).toBe('404: {"message":"Task not found"}');
    expect(errorMessage(error)).toBe("Task not found");
  });

  it("an empty non-ok body falls back to the status text", async () => {
    installFetch({ "/api/tasks": () => new Response(null, { status: 503, statusText: "Service Unavailable" }) });
    await expect(apiRequest("GET", "/api/tasks")).rejects.toThrow("503: Service Unavailable");
  });

  it("a 401 clears the token, redirects to /auth and throws the session-expired text", async () => {
    vi.useFakeTimers();
    let n = 0;
    const { calls } = installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: `tok-${++n}` }),
      "/api/tasks": (init) => (init.method === "GET" ? jsonResponse(401, { message: "no" }) : jsonResponse(201, {})),
    });
    await apiRequest("POST", "/api/tasks", {});
    await expect(apiRequest("GET", "/api/tasks")).rejects.toThrow("401: Session expired. Redirecting to login...");
    // The redirect waits long enough for the "Session Expired" toast to be read.
    expect(location.href).toBe("http://localhost/");
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_REDIRECT_MS);
    expect(location.href).toBe("/auth");
    await apiRequest("POST", "/api/tasks", {});
    expect(calls.filter((c) => c.url === "/api/csrf-token")).toHaveLength(2);
  });

  it("a 401 is a typed SessionExpiredError, recognised by type and not by its text", async () => {
    vi.useFakeTimers();
    installFetch({ "/api/tasks": () => jsonResponse(401, { message: "Not signed in" }) });
    const error = await apiRequest("GET", "/api/tasks").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(isSessionExpired(error)).toBe(true);
    expect((error as SessionExpiredError).status).toBe(401);
    // Another error that merely says the same words is not a session expiry.
    expect(isSessionExpired(new Error("401: Session expired. Redirecting to login..."))).toBe(false);
    await vi.runAllTimersAsync();
  });

  it("a wrong password at sign-in is a plain 401 ApiError, not a session expiry", async () => {
    installFetch({ "/api/auth/login": () => jsonResponse(401, { message: "Invalid email or password" }) });
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(isSessionExpired(error)).toBe(false);
    expect(errorMessage(error)).toBe("Invalid email or password");
  });

  it("a wrong password when deleting the account is a plain 401 ApiError; a 401 reading the account still ends the session", async () => {
    vi.useFakeTimers();
    installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "t" }),
      "/api/user": (init) => jsonResponse(401, { message: init.method === "DELETE" ? "Password is incorrect" : "Not signed in" }),
    });
    const wrong = await apiRequest("DELETE", "/api/user", { password: "nope" }).catch((e: unknown) => e);
    expect(isSessionExpired(wrong)).toBe(false);
    expect(errorMessage(wrong)).toBe("Password is incorrect");
    const ended = await apiRequest("GET", "/api/user").catch((e: unknown) => e);
    expect(isSessionExpired(ended)).toBe(true);
    await vi.runAllTimersAsync();
  });

  it("a wrong admin passcode is a plain 401 ApiError: the admin stays signed in and on the page", async () => {
    vi.useFakeTimers();
    installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: "t" }),
      "/api/admin/login": () => jsonResponse(401, { message: "Invalid passcode" }),
    });
    const before = window.location.href;
    const error = await apiRequest("POST", "/api/admin/login", { passcode: "ZZZZ" }).catch((e: unknown) => e);
    expect(isSessionExpired(error)).toBe(false);
    expect(errorMessage(error)).toBe("Invalid passcode");
    await vi.runAllTimersAsync();
    expect(window.location.href).toBe(before);
  });

  it("apiRequestIfSignedIn resolves a 401 to null, without the session-expired redirect", async () => {
    vi.useFakeTimers();
    installFetch({
      "/api/csrf-token": () => jsonResponse(200, { csrfToken: null }),
      "/api/logout": () => jsonResponse(401, { message: "Not signed in" }),
    });
    await expect(apiRequestIfSignedIn("POST", "/api/logout")).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_REDIRECT_MS);
    expect(location.href).toBe("http://localhost/");
  });

  it.each(["/api/auth/login", "/api/login"])("a 401 from %s is a plain error without redirect", async (url) => {
    installFetch({ [url]: () => jsonResponse(401, { message: "Invalid email or password" }) });
    const error = await apiRequest("POST", url, { email: "a@b.c", password: "x" }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('401: {"message":"Invalid email or password"}');
    expect(errorMessage(error)).toBe("Invalid email or password");
    expect(location.href).toBe("http://localhost/");
  });

  it("times out after 30 seconds", async () => {
    vi.useFakeTimers();
    installFetch({
      "/api/tasks": (init) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    });
    const pending = apiRequest("GET", "/api/tasks").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await pending) as Error).message).toBe("Request timed out");
  });
});

describe("getQueryFn", () => {
  const context = (queryKey: readonly unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it("GETs the query key segments joined with '/'", async () => {
    const { calls } = installFetch({ "/api/events/7": () => jsonResponse(200, { id: 7 }) });
    const data = await getQueryFn({ on401: "throw" })(context(["/api/events", 7]));
    expect(data).toEqual({ id: 7 });
    expect(calls[0]!.init.method).toBe("GET");
  });

  it("returns null on 401 in the optional mode, without redirecting", async () => {
    installFetch({ "/api/user": () => jsonResponse(401, { message: "Not signed in" }) });
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).resolves.toBeNull();
    expect(location.href).toBe("http://localhost/");
  });

  it("throws and redirects on 401 in the default mode", async () => {
    vi.useFakeTimers();
    installFetch({ "/api/user": () => jsonResponse(401, { message: "Not signed in" }) });
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user"]))).rejects.toThrow("401: Session expired. Redirecting to login...");
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_REDIRECT_MS);
    expect(location.href).toBe("/auth");
  });

  it("throws on other non-ok answers in both modes", async () => {
    installFetch({ "/api/user": () => jsonResponse(403, { message: "Password reset required" }) });
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).rejects.toThrow('403: {"message":"Password reset required"}');
  });

  it("keeps the last answer with its ETag, sends If-None-Match and reuses the answer on a 304", async () => {
    let version = 1;
    const seen: Array<string | undefined> = [];
    installFetch({
      "/api/tasks": (init) => {
        const ifNoneMatch = (init.headers as Record<string, string>)["If-None-Match"];
        seen.push(ifNoneMatch);
        const etag = `"tasks-${version}"`;
        if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
        return new Response(JSON.stringify([{ id: version }]), { status: 200, headers: { ETag: etag } });
      },
    });
    const read = () => getQueryFn({ on401: "throw" })(context(["/api/tasks"]));
    expect(await read()).toEqual([{ id: 1 }]);
    const second = await read();
    expect(second).toEqual([{ id: 1 }]);
    version = 2;
    expect(await read()).toEqual([{ id: 2 }]);
    expect(seen).toEqual([undefined, '"tasks-1"', '"tasks-1"']);
    // apiJson's GETs (the list hooks' own query functions) share the kept answers.
    expect(await apiJson("GET", "/api/tasks")).toEqual([{ id: 2 }]);
    expect(seen.at(-1)).toBe('"tasks-2"');
    // A new session keeps nothing of the last one's.
    forgetSession();
    await read();
    expect(seen.at(-1)).toBeUndefined();
  });

  it("sends no If-None-Match for an answer that had no ETag, and a 304 it did not ask for is an error", async () => {
    const seen: Array<string | undefined> = [];
    installFetch({
      "/api/health": (init) => {
        seen.push((init.headers as Record<string, string>)["If-None-Match"]);
        return seen.length === 1 ? jsonResponse(200, { ok: true }) : new Response(null, { status: 304 });
      },
    });
    const read = () => getQueryFn({ on401: "throw" })(context(["/api/health"]));
    expect(await read()).toEqual({ ok: true });
    await expect(read()).rejects.toThrow("304");
    expect(seen).toEqual([undefined, undefined]);
  });
});
