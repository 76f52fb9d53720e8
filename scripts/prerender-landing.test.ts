/**
 * The landing page is the built index.html with the app's scripts taken out and the prerendered
 * markup put in (docs/decisions/068), under its own title (docs/product.md#screen-titles).
 */
import { describe, expect, it } from "vitest";
import { LANDING_PLACEHOLDERS, LANDING_TITLE } from "../core/static-landing";
import { landingPageFrom } from "./prerender-landing";

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

describe("landingPageFrom", () => {
  it("gives the page the landing title, the markup and the one deferred script, without the app's scripts", () => {
    const page = landingPageFrom(INDEX_HTML, MARKUP);
    expect(page).toContain(`<title>${LANDING_TITLE}</title>`);
    expect(page).not.toContain("<title>Student Hub</title>");
    expect(page).toContain(`<div id="root">${MARKUP}</div>`);
    expect(page).toContain('<script src="/landing.js" defer></script>');
    expect(page).toContain('rel="stylesheet"');
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain("modulepreload");
  });

  it("refuses an index.html without a title", () => {
    expect(() => landingPageFrom(INDEX_HTML.replace("<title>Student Hub</title>", ""), MARKUP)).toThrow(/title/);
  });
});
