/**
 * The landing page is the built index.html with the app's scripts taken out and the prerendered
 * markup put in (docs/decisions/068), once per language, each under its own title and with its
 * own <html lang> (docs/product.md#screen-titles, decision 108).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { readCatalog } from "./catalogs";
import { LANDING_PLACEHOLDERS, staticLandingFile } from "../core/static-landing";
import { landingPageFrom, type RenderedLanding } from "./prerender-landing";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Student Hub</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MARKUP = `<main><img src="${LANDING_PLACEHOLDERS.logoUrl}"><a href="${LANDING_PLACEHOLDERS.socialUrl}">Follow</a></main>`;
const ENGLISH: RenderedLanding = { markup: MARKUP, title: "Student Hub: Your Student Productivity Hub" };

describe("landingPageFrom", () => {
  it("gives the page the landing title, the markup and the one deferred script, without the app's scripts", () => {
    const page = landingPageFrom(INDEX_HTML, ENGLISH, "en");
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("<title>Student Hub: Your Student Productivity Hub</title>");
    expect(page).not.toContain("<title>Student Hub</title>");
    expect(page).toContain(`<div id="root">${MARKUP}</div>`);
    expect(page).toContain('<script src="/landing.js" defer></script>');
    expect(page).toContain('rel="stylesheet"');
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain("modulepreload");
  });

  it("writes another language's page with its <html lang> and its title", () => {
    const page = landingPageFrom(INDEX_HTML, { markup: MARKUP, title: "Student Hub: Tu centro de productividad estudiantil" }, "es");
    expect(page).toContain('<html lang="es">');
    expect(page).not.toContain('lang="en"');
    expect(page).toContain("<title>Student Hub: Tu centro de productividad estudiantil</title>");
  });

  it("refuses an index.html without a title or a language", () => {
    expect(() => landingPageFrom(INDEX_HTML.replace("<title>Student Hub</title>", ""), ENGLISH, "en")).toThrow(/title/);
    expect(() => landingPageFrom(INDEX_HTML.replace(' lang="en"', ""), ENGLISH, "en")).toThrow(/lang/);
  });

  it("names each language's file: English where it always was", () => {
    expect(staticLandingFile("en")).toBe(".prerender/landing.html");
    expect(staticLandingFile("es")).toBe(".prerender/landing.es.html");
  });
});

describe("the landing page's markup (scripts/render-landing-markup.ts)", () => {
  const english = readCatalog("en");
  const spanish = readCatalog("es");
  const rendered = spawnSync(process.execPath, ["--import", "tsx", "scripts/render-landing-markup.ts"], { encoding: "utf8" });
  const pages = JSON.parse(rendered.stdout) as Record<"en" | "es", RenderedLanding>;
  const landingIds = Object.keys(english).filter((id) => id.startsWith("landing.") && id !== "landing.title");
  const text = (html: string) => html.replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

  it("is the English page, word for word as before, with its language links", () => {
    expect(pages.en.title).toBe("Student Hub: Your Student Productivity Hub");
    const markup = text(pages.en.markup);
    expect(markup).toContain(">Your Student Productivity Hub</h1>");
    for (const id of landingIds) expect(markup, id).toContain(english[id]);
    expect(markup).toContain('<a href="/?lang=en" lang="en" hrefLang="en" aria-current="true"');
    expect(markup).toMatch(/<a href="\/\?lang=es" lang="es" hrefLang="es" class="[^"]*">Español<\/a>/);
  });

  it("is in Spanish, with no English text of the landing page left", () => {
    expect(pages.es.title).toBe(spanish["landing.title"]);
    const markup = text(pages.es.markup);
    expect(markup).toContain(`>${spanish["common.tagline"]}</h1>`);
    for (const id of landingIds) {
      expect(markup, id).toContain(spanish[id]);
      expect(markup, id).not.toContain(english[id]);
    }
    expect(markup).toContain('<a href="/?lang=es" lang="es" hrefLang="es" aria-current="true"');
    for (const placeholder of Object.values(LANDING_PLACEHOLDERS)) expect(markup).toContain(placeholder);
  });
});
