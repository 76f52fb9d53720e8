import type { Page } from "@playwright/test";

/**
 * WCAG 2.2 checks axe-core cannot make (docs/accessibility.md, decision 123): target size (2.5.8),
 * focus not obscured (2.4.11), reflow (1.4.10) and text spacing (1.4.12). Each returns what fails,
 * described so that a failure names the control: an empty list when all is well.
 */

/** What a pointer can press or a keyboard reach. */
const TARGETS = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=link]",
  "[role=tab]",
  "[role=checkbox]",
  "[role=switch]",
  "[role=radio]",
  "[role=menuitem]",
  "[role=option]",
  "[role=combobox]",
  "[role=slider]",
  // Focusable containers (Radix's tab list and panels, dialogs) do nothing when pressed: not targets.
  "[tabindex]:not([tabindex='-1']):not([role=tablist]):not([role=tabpanel]):not([role=dialog]):not([role=alertdialog])",
].join(", ");

/**
 * Targets smaller than 24 × 24 CSS px that none of 2.5.8's exceptions let through:
 * - **inline**: a link (or button) set inline in a sentence, its height the line's;
 * - **spacing**: a 24 px circle centred on the target's box meets no other target, nor another
 *   undersized target's circle;
 * - **listed**: `allowed` names the ones judged by hand (the equivalent or user-agent exceptions),
 *   as "selector: reason"; only the selector part is read.
 */
export async function undersizedTargets(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ selector, allowedSelectors }) => {
      const MIN = 24;
      const describe = (el: Element) => {
        const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
        const name = (el.getAttribute("aria-label") ?? label ?? (el.textContent || el.getAttribute("placeholder")) ?? "")
          .trim()
          .slice(0, 40);
        return `${el.getAttribute("role") ?? el.tagName.toLowerCase()} "${name}"${el.id ? ` #${el.id}` : ""}`;
      };
      const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        if (el.matches(":disabled") || el.getAttribute("aria-disabled") === "true") return false;
        if (el.closest("[aria-hidden=true], [inert]")) return false;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
        if (getComputedStyle(el).pointerEvents === "none") return false;
        const box = el.getBoundingClientRect();
        // Visually hidden (sr-only text, Radix's focus guards): nothing there to point at.
        return box.width > 1 && box.height > 1;
      });
      const boxes = new Map(targets.map((el) => [el, el.getBoundingClientRect()]));
      // Targets are compared where they are now: page content with page content, a fixed bar's or a
      // dialog's with their own, and across those only where both can be pressed at their centre
      // (a task row scrolled under the bottom bar is not beside its tabs; whether a bar hides a
      // focused control is 2.4.11's, below).
      const layerOf = (el: Element) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          if (getComputedStyle(node).position === "fixed") return node;
        }
        return null;
      };
      const layers = new Map(targets.map((el) => [el, layerOf(el)]));
      const pressable = new Map(
        targets.map((el) => {
          const box = boxes.get(el)!;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return [el, hit !== null && (hit === el || el.contains(hit))];
        }),
      );
      const side = (a: HTMLElement, b: HTMLElement) => layers.get(a) === layers.get(b) || (pressable.get(a)! && pressable.get(b)!);
      const small = (box: DOMRect) => box.width < MIN - 0.05 || box.height < MIN - 0.05;
      const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      const distanceToBox = (p: { x: number; y: number }, box: DOMRect) =>
        Math.hypot(Math.max(box.left - p.x, 0, p.x - box.right), Math.max(box.top - p.y, 0, p.y - box.bottom));
      const inSentence = (el: HTMLElement) => {
        if (!getComputedStyle(el).display.startsWith("inline") || getComputedStyle(el).display === "inline-flex") return false;
        const block = el.parentElement;
        if (!block) return false;
        const rest = [...block.childNodes].filter((node) => node !== el).map((node) => node.textContent ?? "");
        return rest.join("").trim().length > 0;
      };

      const failures: string[] = [];
      for (const el of targets) {
        const box = boxes.get(el)!;
        if (!small(box)) continue;
        if (allowedSelectors.some((allowedSelector) => el.matches(allowedSelector))) continue;
        if (inSentence(el)) continue;
        const c = centre(box);
        const crowding = targets.filter((other) => {
          if (other === el || other.contains(el) || el.contains(other) || !side(el, other)) return false;
          const otherBox = boxes.get(other)!;
          if (distanceToBox(c, otherBox) < MIN / 2) return true;
          return small(otherBox) && Math.hypot(c.x - centre(otherBox).x, c.y - centre(otherBox).y) < MIN;
        });
        if (crowding.length === 0) continue;
        failures.push(
          `${describe(el)} is ${Math.round(box.width * 10) / 10} × ${Math.round(box.height * 10) / 10} px, within 12 px of ${crowding
            .slice(0, 2)
            .map(describe)
            .join(", ")}`,
        );
      }
      return failures;
    },
    { selector: TARGETS, allowedSelectors: allowed.map((entry) => entry.split(": ")[0]!) },
  );
}

/** Where the focused element is, and whether anything of it can be seen (2.4.11). */
type FocusSeen = { id: number; control: string; seen: "all" | "part" | "none"; under: string };

async function focusSeen(page: Page): Promise<FocusSeen | null> {
  // The browser scrolls a control Tab reaches into view as it moves the focus (no smooth scrolling here).
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return null; // a focus guard, passing focus on
    // A number per element, kept for the walk: the first one seen again ends it.
    const store = window as unknown as { __focusIds?: WeakMap<Element, number>; __focusCount?: number };
    const ids = (store.__focusIds ??= new WeakMap());
    if (!ids.has(el)) ids.set(el, (store.__focusCount = (store.__focusCount ?? 0) + 1));
    const describe = (node: Element) => {
      const label = node instanceof HTMLInputElement ? node.labels?.[0]?.textContent : null;
      const name = (node.getAttribute("aria-label") ?? label ?? (node.textContent || node.getAttribute("placeholder")) ?? "")
        .trim()
        .slice(0, 40);
      return `${node.getAttribute("role") ?? node.tagName.toLowerCase()} "${name}"${node.id ? ` #${node.id}` : ""}`;
    };
    const over = (hit: Element) => {
      for (let node: Element | null = hit; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return describe(node);
      }
      return describe(hit);
    };
    let seenPoints = 0;
    let points = 0;
    const under = new Set<string>();
    const steps = 5;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) {
        const x = box.left + ((i + 0.5) / steps) * box.width;
        const y = box.top + ((j + 0.5) / steps) * box.height;
        points++;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
          under.add("the edge of the screen");
          continue;
        }
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) seenPoints++;
        else if (hit) under.add(over(hit));
      }
    }
    return {
      id: ids.get(el)!,
      control: describe(el),
      seen: seenPoints === points ? "all" : seenPoints === 0 ? "none" : "part",
      under: [...under].join(", "),
    } as const;
  });
}

/**
 * Tabs through the page, forwards and then backwards (`keys`), up to `limit` presses each way, and lists
 * each focused control of which nothing can be seen (behind a bar, the add button, a toast, or off
 * the screen). WCAG 2.4.11 (AA) asks only that it is not entirely hidden; partly covered ones are
 * returned apart, for the report (2.4.12, AAA).
 */
export async function focusHiddenOnTab(
  page: Page,
  keys: readonly ("Tab" | "Shift+Tab")[] = ["Tab", "Shift+Tab"],
  limit = 120,
): Promise<{ hidden: string[]; partly: string[]; reached: number }> {
  const hidden = new Set<string>();
  const partly = new Set<string>();
  let reached = 0;
  // A dialog or drawer still opening: its controls slide in from the edge, and the walk would
  // measure where they pass, not where they rest. A spinner's endless animation is not waited for.
  // And an open dialog has taken the focus (its form may still be arriving when it opens): the walk
  // starts where a person's first Tab would.
  await page.waitForFunction(() => {
    const settled = document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity);
    const dialog = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
    return settled && (!dialog || dialog.contains(document.activeElement));
  });
  for (const key of keys) {
    const seen = new Set<number>();
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press(key);
      const where = await focusSeen(page);
      if (!where) continue;
      // Around the page once: the first control seen again.
      if (seen.has(where.id)) break;
      seen.add(where.id);
      reached++;
      const line = `${key} → ${where.control} (under ${where.under})`;
      if (where.seen === "none") hidden.add(line);
      else if (where.seen === "part") partly.add(line);
    }
  }
  return { hidden: [...hidden], partly: [...partly], reached };
}

/** 1.4.10: at 320 px nothing scrolls sideways (the page's own scroller, whichever it is). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement!;
    return Math.max(scroller.scrollWidth - scroller.clientWidth, document.body.scrollWidth - document.body.clientWidth, 0);
  });
}

/** What sticks out past the right edge of the viewport: the innermost elements, as "tag.class: text", for a failing reflow's message. */
export async function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Inside a row that scrolls sideways itself (the admin tabs on a phone) is not the page's overflow.
    const inScroller = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll|hidden/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll<HTMLElement>("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5 && getComputedStyle(element).position !== "fixed" && !inScroller(element);
    });
    // Innermost first: an element none of whose descendants sticks out too.
    return out
      .filter((element) => !out.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join(".")}: ${(element.textContent ?? "").slice(0, 60)}`,
      );
  });
}

/** The WCAG 1.4.12 text spacing bookmarklet's styles, with `!important` as the user's own sheet would. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * 1.4.12 (and 1.4.10 at 320 px): with the text spacing a reader may set, no element cuts off its
 * own text (overflow hidden or clip, "…" included), but those `allowed` names ("selector: reason").
 */
export async function textCutBySpacing(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  const style = await page.addStyleTag({ content: TEXT_SPACING });
  const cut = await page.evaluate(
    (allowedSelectors) => {
      const found: string[] = [];
      for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(el);
        const cutsX = style.overflowX === "hidden" || style.overflowX === "clip";
        const cutsY = style.overflowY === "hidden" || style.overflowY === "clip";
        if (!cutsX && !cutsY) continue;
        // Its own text: a dialog or a list that holds a scrolling area is not cutting text.
        if (![...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())) continue;
        // sr-only text is 1 px on purpose.
        if (!el.checkVisibility({ visibilityProperty: true }) || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
        if (allowedSelectors.some((selector) => el.matches(selector))) continue;
        if ((cutsX && el.scrollWidth > el.clientWidth + 1) || (cutsY && el.scrollHeight > el.clientHeight + 1)) {
          found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 50)}"`);
        }
      }
      return found;
    },
    allowed.map((entry) => entry.split(": ")[0]!),
  );
  await style.evaluate((el) => (el as Element).remove());
  return cut;
}

/**
 * 1.4.11: the edge that shows where a field, a checkbox or a select is (its border), and an off
 * switch's track, against what is behind it: 3:1 at least. Each failing one, with its ratio.
 */
export async function faintBoundaries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Any CSS colour (oklch, light-dark()) as the screen's sRGB, drawn on a canvas.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgb = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return { rgb: [r!, g!, b!], alpha: a! };
    };
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const behind = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const { rgb: colour, alpha } = rgb(getComputedStyle(node).backgroundColor);
        if (alpha > 200) return colour;
      }
      return rgb(getComputedStyle(document.body).backgroundColor).rgb;
    };
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, [role=checkbox], [role=combobox], [role=switch][data-state=unchecked]",
    );
    for (const el of controls) {
      if (
        el.matches(":disabled") ||
        el.closest("[aria-hidden=true]") ||
        !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      )
        continue;
      const style = getComputedStyle(el);
      const edge =
        el.getAttribute("role") === "switch" ? style.backgroundColor : parseFloat(style.borderTopWidth) >= 1 ? style.borderTopColor : null;
      if (!edge) continue;
      const [a, b] = [luminance(rgb(edge).rgb), luminance(behind(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 3) {
        const name = (el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "")
          .trim()
          .slice(0, 40);
        found.push(`${el.getAttribute("role") ?? el.tagName.toLowerCase()} "${name}" ${ratio.toFixed(2)}:1`);
      }
    }
    return found;
  });
}
