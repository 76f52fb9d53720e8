import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../core/i18n/locale";
import { LANDING_PLACEHOLDERS } from "../core/static-landing";
import { buildTestApp, TestClient, type TestApp } from "./test/harness";

// docs/decisions/068: a visitor's / is the prerendered landing page with the school's settings
// filled in, in the visitor's language (decision 108); a signed-in student's / is the app.
describe("the prerendered landing page", () => {
  let t: TestApp;
  const spanishTemplate = `<!doctype html><html lang="es"><title>Portada</title><img data-app-logo src="${LANDING_PLACEHOLDERS.logoUrl}"><a href="${LANDING_PLACEHOLDERS.socialUrl}">Síguenos</a>`;
  const landingTemplate = `<!doctype html><title>Landing</title><img data-app-logo src="${LANDING_PLACEHOLDERS.logoUrl}"><a href="${LANDING_PLACEHOLDERS.socialUrl}">Follow</a><img src="${LANDING_PLACEHOLDERS.logoUrl}">`;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-dist-"));
    fs.mkdirSync(path.join(dir, ".prerender"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>App</title>");
    fs.writeFileSync(path.join(dir, ".prerender", "landing.html"), landingTemplate);
    fs.writeFileSync(path.join(dir, ".prerender", "landing.es.html"), spanishTemplate);
    t = await buildTestApp("sqlite", { clientDir: dir });
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { accept: "text/html", ...headers } });
  const setting = (key: string, value: unknown) => t.services.settings.set(key, value);

  it("gives a visitor the landing page at /, with the bundled logo and the default profile, varying by cookie", async () => {
    const res = await page("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '<!doctype html><title>Landing</title><img data-app-logo src="/logo.svg"><a href="https://www.instagram.com/">Follow</a><img src="/logo.svg">',
    );
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect(res.headers["content-language"]).toBe("en");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    // With a query string too (a shared link with tracking parameters).
    expect((await page("/?utm_source=newsletter")).body).toContain("<title>Landing</title>");
  });

  it("gives curl, an uptime monitor or a link preview the landing page at /, whatever it accepts", async () => {
    for (const headers of [{ accept: "*/*" }, {}, { accept: "application/json" }]) {
      const res = await t.app.inject({ url: "/", headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Landing</title>");
      const head = await t.app.inject({ method: "HEAD", url: "/", headers });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toContain("text/html");
    }
  });

  it("gives a signed-in student the app at /, and every visitor the app on the other routes", async () => {
    const student = new TestClient(t.app);
    await student.register();
    expect((await page("/", { cookie: student.cookie! })).body).toBe("<!doctype html><title>App</title>");
    for (const url of ["/auth", "/password-reset", "/no/such/page"]) expect((await page(url)).body).toContain("<title>App</title>");
    // A cookie naming no live session is a visitor's.
    expect((await page("/", { cookie: "sid=ended-long-ago" })).body).toContain("<title>Landing</title>");
  });

  it("sends a visitor who follows an app icon shortcut (/?new=task) to sign in, keeping the shortcut; a student gets the app", async () => {
    for (const kind of ["task", "event"]) {
      const res = await page(`/?new=${kind}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/auth?new=${kind}`);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    // Anything else is the landing page, as any other query string.
    expect((await page("/?new=exam")).body).toContain("<title>Landing</title>");
    const student = new TestClient(t.app);
    await student.register();
    expect((await page("/?new=task", { cookie: student.cookie! })).body).toBe("<!doctype html><title>App</title>");
  });

  it("sends a visitor who shares into Student Hub (the share target) to sign in, keeping what was shared and nothing else", async () => {
    const res = await page(
      `/?share_title=${encodeURIComponent("Essay & notes")}&share_url=${encodeURIComponent("https://lms.example/a?b=1")}&utm=x`,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/auth?share_title=Essay+%26+notes&share_url=${encodeURIComponent("https://lms.example/a?b=1")}`);
    const student = new TestClient(t.app);
    await student.register();
    expect((await page("/?share_text=hi", { cookie: student.cookie! })).body).toBe("<!doctype html><title>App</title>");
  });

  it("fills in the school's settings, escaped, and only http(s) URLs", async () => {
    await setting("logoUrl", 'https://cdn.example.com/logo.png?size=2&v="1"');
    await setting("instagramUrl", "https://www.instagram.com/myschool");
    const res = await page("/");
    expect(res.body).toContain('<img data-app-logo src="https://cdn.example.com/logo.png?size=2&amp;v=%221%22">');
    expect(res.body).toContain('<a href="https://www.instagram.com/myschool">');

    await setting("logoUrl", "javascript:alert(1)");
    await setting("instagramUrl", '"><script>alert(1)</script>');
    const refused = await page("/");
    expect(refused.body).toContain('<img data-app-logo src="/logo.svg">');
    expect(refused.body).toContain('<a href="https://www.instagram.com/">');
    expect(refused.body).not.toContain("<script>");
  });

  it("arrives compressed as the browser accepts: brotli, else gzip", async () => {
    await setting("logoUrl", "https://cdn.example.com/school.svg");
    const br = await page("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('src="https://cdn.example.com/school.svg"');
    const gzip = await page("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('src="https://cdn.example.com/school.svg"');
  });

  it("never serves the templates themselves as files", async () => {
    expect((await t.app.inject({ url: "/.prerender/landing.html" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/.prerender/landing.es.html" })).statusCode).toBe(404);
  });

  describe("in the visitor's language", () => {
    const spanishPage = (body: string) => body.startsWith('<!doctype html><html lang="es"><title>Portada</title>');

    it("is Spanish for a browser that prefers Spanish, and English for one that speaks no language we do", async () => {
      for (const acceptLanguage of ["es-MX", "es-US,es;q=0.9,en;q=0.8", "fr-CA,fr;q=0.9,es;q=0.5,en;q=0.3"]) {
        const res = await page("/", { "accept-language": acceptLanguage });
        expect(spanishPage(res.body), acceptLanguage).toBe(true);
        expect(res.headers["content-language"]).toBe("es");
        expect(res.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
      }
      for (const acceptLanguage of ["en-US,en;q=0.9", "fr-FR", "en-GB,es;q=0.5", ""]) {
        const res = await page("/", { "accept-language": acceptLanguage });
        expect(res.body, acceptLanguage).toContain("<title>Landing</title>");
        expect(res.headers["content-language"]).toBe("en");
      }
    });

    it("follows the language chosen on this device (the cookie) over the browser's", async () => {
      const spanishChoice = await page("/", { "accept-language": "en-US", cookie: `${LOCALE_COOKIE}=es` });
      expect(spanishPage(spanishChoice.body)).toBe(true);
      const englishChoice = await page("/", { "accept-language": "es-MX", cookie: `sid=ended; ${LOCALE_COOKIE}=en` });
      expect(englishChoice.body).toContain("<title>Landing</title>");
      // A cookie naming no language we speak is no choice: the browser's language.
      expect(spanishPage((await page("/", { "accept-language": "es", cookie: `${LOCALE_COOKIE}=fr` })).body)).toBe(true);
    });

    it("fills in the settings and compresses each language's page", async () => {
      await setting("instagramUrl", "https://www.instagram.com/miescuela");
      const br = await page("/", { "accept-encoding": "br", cookie: `${LOCALE_COOKIE}=es` });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<a href="https://www.instagram.com/miescuela">Síguenos</a>');
      const gzip = await page("/", { "accept-encoding": "gzip", cookie: `${LOCALE_COOKIE}=en` });
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<a href="https://www.instagram.com/miescuela">Follow</a>');
      // Both kept side by side: Spanish again, without recompressing English in between.
      const again = await page("/", { "accept-encoding": "gzip", cookie: `${LOCALE_COOKIE}=es` });
      expect(zlib.gunzipSync(again.rawPayload).toString()).toContain("Síguenos");
    });

    it("keeps a language chosen with the page's links (/?lang=…) on this device, and goes back to /", async () => {
      const choose = await page("/?lang=es", { "accept-language": "en-US" });
      expect(choose.statusCode).toBe(303);
      expect(choose.headers.location).toBe("/");
      expect(choose.headers["cache-control"]).toBe("no-store");
      const cookie = choose.cookies.find((c) => c.name === LOCALE_COOKIE);
      expect(cookie).toMatchObject({ value: "es", path: "/", sameSite: "Lax", maxAge: 60 * 60 * 24 * 400 });
      expect(cookie?.httpOnly).toBeFalsy(); // the app reads it too (client/lib/i18n.ts)

      const back = await page("/?utm_source=newsletter&lang=en", { "accept-language": "es-MX" });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe("/?utm_source=newsletter");
      expect(back.cookies.find((c) => c.name === LOCALE_COOKIE)?.value).toBe("en");

      // Not a language we speak: the page as it is, nothing kept.
      const unknown = await page("/?lang=fr", { "accept-language": "es-MX" });
      expect(unknown.statusCode).toBe(200);
      expect(spanishPage(unknown.body)).toBe(true);
      expect(unknown.cookies).toEqual([]);
    });

    it("gives a signed-in student the app whatever the language asked", async () => {
      const student = new TestClient(t.app);
      await student.register();
      const res = await page("/", { cookie: `${student.cookie!}; ${LOCALE_COOKIE}=es`, "accept-language": "es-MX" });
      expect(res.body).toBe("<!doctype html><title>App</title>");
      expect(res.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    });
  });
});
