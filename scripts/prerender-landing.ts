import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { LOCALES, type Locale } from "../core/i18n/locale.ts";
import { LANDING_PLACEHOLDERS, staticLandingFile } from "../core/static-landing.ts";

const RENDERER = fileURLToPath(new URL("./render-landing-markup.ts", import.meta.url));

/** The landing page in one language, as scripts/render-landing-markup.ts prints it. */
export interface RenderedLanding {
  markup: string;
  title: string;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The built index.html turned into the landing page in a language (docs/decisions/068, 108): the
 * app's scripts and their preloads go, the stylesheet stays, the root holds the prerendered
 * markup, the one small script the page needs (client/public/landing.js) is deferred, and the
 * page has the language's <html lang> and the landing page's own title in it
 * (docs/product.md#screen-titles).
 */
export function landingPageFrom(indexHtml: string, { markup, title }: RenderedLanding, locale: Locale): string {
  for (const placeholder of Object.values(LANDING_PLACEHOLDERS)) {
    if (!markup.includes(placeholder)) throw new Error(`The landing markup lacks the ${placeholder} placeholder`);
  }
  const withoutScripts = indexHtml
    .replace(/\s*<script\b[^>]*\btype="module"[^>]*>\s*<\/script>/g, "")
    .replace(/\s*<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
  if (!withoutScripts.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  if (!/<title>[^<]*<\/title>/.test(withoutScripts)) throw new Error("index.html has no <title>");
  if (!/<html\b[^>]*\blang="[^"]*"/.test(withoutScripts)) throw new Error('index.html has no <html lang="…">');
  return withoutScripts
    .replace(/(<html\b[^>]*\blang=")[^"]*"/, (_, start: string) => `${start}${locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace("</body>", () => '  <script src="/landing.js" defer></script>\n  </body>');
}

/** Writes the landing page beside the build, once per language, after it (the markup is rendered in a tsx process: client TSX and aliases). */
export function prerenderLanding(): Plugin {
  let outDir = "";
  return {
    name: "student-hub:prerender-landing",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const rendered = spawnSync(process.execPath, ["--import", "tsx", RENDERER], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
      if (rendered.status !== 0) throw new Error(`Rendering the landing page failed:\n${rendered.stderr}`);
      const pages = JSON.parse(rendered.stdout) as Record<Locale, RenderedLanding>;
      const indexHtml = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
      for (const locale of LOCALES) {
        const file = path.join(outDir, staticLandingFile(locale));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, landingPageFrom(indexHtml, pages[locale], locale));
      }
    },
  };
}
