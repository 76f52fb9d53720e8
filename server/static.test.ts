import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/harness";

describe("serving the built client", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-dist-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Student Hub</title>");
    fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log(1)");
    fs.writeFileSync(path.join(dir, "logo.svg"), "<svg/>");
    t = await buildTestApp("sqlite", { clientDir: dir });
  });
  afterAll(() => t.close());

  it("caches hashed assets for a year and revalidates other files", async () => {
    const asset = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const logo = await t.app.inject({ url: "/logo.svg" });
    expect(logo.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/", "/auth", "/password-reset", "/reset-password?token=abc", "/admin/school"])(
    "answers the page %s with the app shell",
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Student Hub</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  // curl, uptime monitors and link previews send */* or no Accept at all; some clients ask for JSON.
  const ACCEPTS: Array<[string, Record<string, string>]> = [
    ["Accept: */*", { accept: "*/*" }],
    ["no Accept", {}],
    ["Accept: application/json", { accept: "application/json" }],
  ];
  const PAGES = ["/", "/auth", "/password-reset", "/admin", "/auth?mode=register"];

  describe.each(ACCEPTS)("a page requested with %s", (_, headers) => {
    it.each(PAGES)("GET %s is the app shell", async (url) => {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<title>Student Hub</title>");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    });

    it.each(PAGES)("HEAD %s answers as the page would, without the body", async (url) => {
      const res = await t.app.inject({ method: "HEAD", url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toBe("");
    });

    // The app's 404 page, answered 404 (issue 49): a link checker or a monitor reads it as missing.
    it.each(["/no/such/page", "/metrics", "/auth/", "/admin/schools"])("GET and HEAD %s are the app's 404 page, as a 404", async (url) => {
      const get = await t.app.inject({ method: "GET", url, headers });
      expect(get.statusCode).toBe(404);
      expect(get.headers["content-type"]).toContain("text/html");
      expect(get.body).toContain("<title>Student Hub</title>");
      expect(get.headers["content-security-policy"]).toContain("script-src 'self'");
      const head = await t.app.inject({ method: "HEAD", url, headers });
      expect(head.statusCode).toBe(404);
      expect(head.headers["content-type"]).toContain("text/html");
    });

    it.each(["/api", "/api/missing", "/assets/gone.js", "/favicon.ico", "/no/such/file.png"])(
      "GET and HEAD %s stay a JSON 404",
      async (url) => {
        const get = await t.app.inject({ method: "GET", url, headers });
        expect(get.statusCode).toBe(404);
        expect(get.json()).toEqual({ message: "Not found", code: "server.not_found" });
        const head = await t.app.inject({ method: "HEAD", url, headers });
        expect(head.statusCode).toBe(404);
        expect(head.headers["content-type"]).toContain("application/json");
      },
    );
  });

  // Served by the server, in the reader's language (decision 119), not a file of the build.
  describe("the web app manifest", () => {
    const manifest = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: "/manifest.webmanifest", headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=300");
      expect(String(res.headers.vary)).toMatch(/Cookie, Accept-Language/);
      return { body: res.json<{ description: string; lang: string; shortcuts: Array<{ name: string; url: string }> }>(), res };
    };

    it("keeps the app's identity and icons, and words its description and shortcuts in English by default", async () => {
      const { body, res } = await manifest({});
      expect(res.headers["content-language"]).toBe("en");
      expect(body).toMatchObject({ id: "/", name: "Student Hub", start_url: "/", scope: "/", display: "standalone", lang: "en" });
      expect(body.description).toBe("Your Student Productivity Hub: tasks, calendar and class schedule in one place.");
      expect(body.shortcuts).toEqual([
        { name: "New task", url: "/?new=task", icons: [{ src: "/icons/shortcut-task-96.png", sizes: "96x96", type: "image/png" }] },
        { name: "New event", url: "/?new=event", icons: [{ src: "/icons/shortcut-event-96.png", sizes: "96x96", type: "image/png" }] },
        { name: "Today", url: "/#home", icons: [{ src: "/icons/shortcut-today-96.png", sizes: "96x96", type: "image/png" }] },
      ]);
      // Sharing into Student Hub from another app opens quick add (decision 118).
      expect((body as unknown as { share_target: unknown }).share_target).toEqual({
        action: "/",
        method: "GET",
        enctype: "application/x-www-form-urlencoded",
        params: { title: "share_title", text: "share_text", url: "share_url" },
      });
    });

    it("is in Spanish for a Spanish browser, and in the language chosen on the device before the browser's", async () => {
      const byBrowser = await manifest({ "accept-language": "es-MX,es;q=0.9" });
      expect(byBrowser.res.headers["content-language"]).toBe("es");
      expect(byBrowser.body.shortcuts.map((s) => s.name)).toEqual(["Nueva tarea", "Nuevo evento", "Hoy"]);
      const chosen = await manifest({ "accept-language": "es", cookie: "student-hub-locale=en" });
      expect(chosen.body.lang).toBe("en");
      const chosenSpanish = await manifest({ "accept-language": "en-US", cookie: "student-hub-locale=es" });
      expect(chosenSpanish.body.description).toMatch(/^Tu centro de productividad estudiantil/);
    });
  });

  it("keeps the language a mailed link names (?lang=es) on the device, for the page it opens (issue 49)", async () => {
    const res = await t.app.inject({
      url: "/reset-password?token=abc&lang=es",
      headers: { accept: "text/html", "accept-language": "en-US" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Student Hub</title>");
    expect(String(res.headers["set-cookie"])).toMatch(/student-hub-locale=es;.*Path=\//);
    const unknown = await t.app.inject({ url: "/reset-password?token=abc&lang=fr", headers: { accept: "text/html" } });
    expect(unknown.headers["set-cookie"]).toBeUndefined();
  });

  it("answers other methods on a page path with the JSON 404", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/auth", headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found", code: "server.not_found" });
  });

  it("keeps unknown API paths and missing assets as JSON 404s", async () => {
    const api = await t.app.inject({ url: "/api/missing", headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found", code: "server.not_found" });
    const asset = await t.app.inject({ url: "/assets/gone.js" });
    expect(asset.statusCode).toBe(404);
  });

  it("never rate-limits page loads: a school behind one address loads the app 400 times a minute", async () => {
    for (let i = 0; i < 400; i++) {
      const res = await t.app.inject({ url: i % 2 ? "/auth" : "/", headers: { accept: "text/html" }, remoteAddress: "203.0.113.7" });
      if (res.statusCode !== 200) throw new Error(`page load ${i + 1} answered ${res.statusCode}: ${res.body.slice(0, 80)}`);
      expect(res.headers["content-type"]).toContain("text/html");
    }
  });

  it("still limits probing for unknown API paths from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 305; i++) statuses.push((await t.app.inject({ url: `/api/probe-${i}`, remoteAddress: "203.0.113.8" })).statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(300);
    expect(statuses.at(-1)).toBe(429);
  });
});
