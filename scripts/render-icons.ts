/**
 * Renders the app's PNG icons (the web app manifest's and the Apple touch icon) from the SVG logo
 * in Debian's Chromium. Run it after changing client/public/favicon.svg:
 *   npx tsx scripts/render-icons.ts
 * The PNGs are committed: the build and a school's server need no browser.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const publicDir = path.resolve("client/public");
const logo = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
const glyph = logo.replace(/^[\s\S]*?<rect[^>]*\/>/, "").replace(/<\/svg>\s*$/, "");

/** Full-bleed square: the platform draws its own shape (maskable, Apple). The glyph keeps inside the 80 % safe zone. */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4f46e5"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -31)">${glyph}</g></svg>`;

const icons: Array<{ file: string; size: number; svg: string }> = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.7) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.85) },
  // A notification's badge: Android draws only its shape, so one colour on transparent.
  {
    file: "badge-96.png",
    size: 96,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 8 56 44"><g fill="#ffffff" stroke="#ffffff">${glyph.replace(/(fill|stroke)="#[0-9a-f]+"/gi, "")}</g></svg>`,
  },
  // The app icon's shortcuts (decision 119): the dashboard's own Lucide glyphs, white on the logo's square.
  ...(await Promise.all(
    [
      { name: "task", glyph: "list-plus" },
      { name: "event", glyph: "calendar-plus" },
      { name: "today", glyph: "house" },
    ].map(async ({ name, glyph }) => ({ file: `shortcut-${name}-96.png`, size: 96, svg: await shortcutIcon(glyph) })),
  )),
];

/** A Lucide icon's outline (24×24, stroked), centred on the logo's rounded indigo square. */
async function shortcutIcon(glyph: string): Promise<string> {
  const file = pathToFileURL(path.resolve(`node_modules/lucide-react/dist/esm/icons/${glyph}.mjs`)).href;
  const { __iconData } = (await import(file)) as { __iconData: { node: Array<[string, Record<string, string>]> } };
  const shapes = __iconData.node
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => `${key}="${value}"`)
          .join(" ")}/>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/>` +
    `<g transform="translate(14 14) scale(1.5)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</g></svg>`
  );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, "icons", icon.file), omitBackground: true });
    await page.close();
    console.log(`client/public/icons/${icon.file}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
