import { expect, type Page } from "@playwright/test";
import { CATALOG_AREAS } from "../core/i18n/groups";
import { readCatalog } from "../scripts/catalogs";
import { expectNoAxeViolations } from "./axe";

/**
 * Looking for English on a Spanish page (issue 34, decision 108): every text of the English
 * catalog that reads differently in Spanish, cut at its placeholders, each part that is a word of
 * four letters or more, or longer text. A Spanish screen shows none of them, names a user typed
 * aside (`ignore`).
 */
const english = readCatalog("en");
const spanish = readCatalog("es");

const ENGLISH_TEXTS: string[] = [
  ...new Set(
    Object.entries(english)
      .filter(([id, text]) => text !== spanish[id])
      .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
      .map((part) =>
        part
          .trim()
          .replace(/^[.,:;·!?()-]+|[.,:;·!?()-]+$/g, "")
          .trim(),
      )
      .filter((part) => part.length >= 4 && /[A-Za-z]{3}/.test(part)),
  ),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Everything a person reads or hears on the page: its text, the names and hints of its controls, its title. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ["aria-label", "placeholder", "title", "alt", "aria-description", "aria-roledescription"];
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll("*")) {
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    // Text only screen readers hear (sr-only spans) is in innerText only when rendered: add it.
    for (const element of document.querySelectorAll(".sr-only")) parts.push(element.textContent ?? "");
    return parts.join("\n");
  });
}

/** Names of products a Spanish page names as they are. */
const PRODUCT_NAMES = ["Student Hub", "Google Calendar", "Apple Calendar"];

/** A message id shown as it is: its words were not loaded with the screen (core/i18n/groups.ts). */
const RAW_MESSAGE_ID = new RegExp(`\\b(?:${CATALOG_AREAS.join("|")})\\.[a-z0-9_]+\\b`, "g");

/** The English catalog texts found on the page, and any message id shown instead of its words. */
export async function englishOnPage(page: Page, ignore: readonly string[] = []): Promise<string[]> {
  let text = await readableText(page);
  // Products' names are never translated, and hold catalog words ("Student", "Calendar").
  for (const typed of [...ignore, ...PRODUCT_NAMES]) text = text.split(typed).join(" ");
  const rawIds = [...text.matchAll(RAW_MESSAGE_ID)].map(([id]) => `an id, not words: ${id}`);
  return [...rawIds, ...ENGLISH_TEXTS.filter((part) => new RegExp(`(^|[^\\p{L}])${escape(part)}($|[^\\p{L}])`, "u").test(text))];
}

/** The page reads in Spanish: no text of the English catalog, and axe finds nothing. */
export async function expectSpanish(page: Page, where: string, ignore: readonly string[] = []): Promise<void> {
  expect(await englishOnPage(page, ignore), `English words on ${where}`).toEqual([]);
  await expectNoAxeViolations(page, where);
}

/** The phone and the desktop widths each Spanish screen is read at. */
export const WIDTHS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
] as const;
