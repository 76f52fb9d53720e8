import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * An automated WCAG 2.1 A/AA scan (axe-core) of what the page shows now: each violation listed as
 * "id (impact): help → targets", so a failure names what broke and where. It is no substitute for
 * trying the screens by keyboard, which the suites also do.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // Anything fading or zooming in is, for a few hundred milliseconds, drawn in colours of too little
  // contrast (a toast, a dialog's buttons: "color-contrast → .bg-primary" on a question scanned as it
  // opened): scan what the page settles on. Spinners' endless animations are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .every((animation) => animation.playState !== "running"),
    undefined,
    { timeout: 5000 },
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `${where} has accessibility violations`).toEqual([]);
}
