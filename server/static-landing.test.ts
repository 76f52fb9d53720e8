import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANDING_PLACEHOLDERS } from "../core/static-landing";
import { buildTestApp, TestClient, type TestApp } from "./test/harness";

// docs/decisions/068: a visitor's / is the prerendered landing page with the school's settings
// filled in; a signed-in student's / is the app.
describe("the prerendered landing page", () => {
  let t: TestApp;
  const landingTemplate = `<!doctype html><title>Landing</title><img data-app-logo src="${LANDING_PLACEHOLDERS.logoUrl}"><a href="${LANDING_PLACEHOLDERS.socialUrl}">Follow</a><img src="${LANDING_PLACEHOLDERS.logoUrl}">`;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-dist-"));
    fs.mkdirSync(path.join(dir, ".prerender"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>App</title>");
    fs.writeFileSync(path.join(dir, ".prerender", "landing.html"), landingTemplate);
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
    expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
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

  it("never serves the template itself as a file", async () => {
    expect((await t.app.inject({ url: "/.prerender/landing.html" })).statusCode).toBe(404);
  });
});
