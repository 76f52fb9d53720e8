/**
 * Where the keyboard focus goes when a dialog, alert dialog or drawer closes
 * (docs/product.md#dialogs-and-focus).
 *
 * Radix puts the focus back on a dialog's `Trigger`, but the app's dialogs are opened from state
 * (a row's Edit button, the Settings button, a draft being restored), with no Trigger, so the focus
 * fell to <body>. Each dialog therefore remembers, when it opens, the element that had the focus:
 * its opener. On close the focus goes, in this order, to
 *  1. the opener, when it is still on the page;
 *  2. the same control drawn anew (a task row that moved to another group is a new element): the
 *     one element with the opener's id or aria-label;
 *  3. the caller's fallback, when it gives one;
 *  4. a neighbour: a control that came just after the opener (else just before it) when the dialog
 *     opened, or the first control, inside the opener's nearest container still on the page; so a
 *     deleted task hands the focus to the next row;
 *  5. where the dialog it was opened from would have sent it (the delete question asked from
 *     Edit Task, the Settings dialog opened from the drawer, the class editor that replaced
 *     Settings).
 * A dialog that closes while another one holds the focus leaves the focus where it is.
 */

export type ReturnFocusFallback = () => HTMLElement | null | undefined;

export type FocusReturn = {
  /** The dialog's content element. */
  content: HTMLElement;
  /** The element focused when the dialog opened, if any (not <body>). */
  opener: HTMLElement | null;
  /** The dialog the opener sat in, or the one this dialog replaced. */
  from: FocusReturn | null;
  /** The opener's ancestors below <body>, nearest first. */
  containers: HTMLElement[];
  /** Controls of the opener's layer after it when the dialog opened, nearest first; then those before it. */
  after: HTMLElement[];
  before: HTMLElement[];
  fallback: ReturnFocusFallback | undefined;
};

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const CLOSING_DIALOG = '[role="dialog"][data-state="closed"], [role="alertdialog"][data-state="closed"]';
/** How many neighbours on each side are remembered: enough to step over a row's own controls. */
const NEIGHBOURS = 24;

/** Dialogs opened and not yet through their close, in opening order. */
const open: FocusReturn[] = [];

/** Gone from the page, or still there but animating closed. */
function isClosing(record: FocusReturn): boolean {
  return !record.content.isConnected || record.content.getAttribute("data-state") === "closed";
}

/** On the page and not inside a dialog that is closing. */
function isOnPage(element: Element): boolean {
  return element.isConnected && element.closest(CLOSING_DIALOG) === null;
}

/** On the page, not in a dialog that is closing, not disabled or inert, and displayed. */
function isAvailable(element: Element): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    isOnPage(element) &&
    element.closest("[inert]") === null &&
    !element.matches(":disabled") &&
    element.getClientRects().length > 0
  );
}

/** Available and reachable with Tab. */
function isTabbable(element: Element): element is HTMLElement {
  return isAvailable(element) && element.tabIndex >= 0;
}

function tabbablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll(FOCUSABLE)].filter(isTabbable);
}

/** The controls in the opener's layer (the page, or the dialog it sits in), split around it, each side nearest first. */
function neighboursOf(opener: HTMLElement): { after: HTMLElement[]; before: HTMLElement[] } {
  const layer = opener.closest(DIALOG);
  const outside = [...document.body.querySelectorAll(FOCUSABLE)].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element !== opener && element.closest(DIALOG) === layer,
  );
  const after: HTMLElement[] = [];
  const before: HTMLElement[] = [];
  for (const element of outside) {
    // Its own parts and its containers (a tab panel is focusable) are no neighbours.
    if (opener.contains(element) || element.contains(opener)) continue;
    if (opener.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) after.push(element);
    else before.push(element);
  }
  return { after: after.slice(0, NEIGHBOURS), before: before.reverse().slice(0, NEIGHBOURS) };
}

function containersOf(element: HTMLElement): HTMLElement[] {
  const containers: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    containers.push(node);
  }
  return containers;
}

/**
 * Called for a dialog's content once it is attached: remembers what to focus when it closes.
 * `active` is the element that had the focus when the content was attached, before the dialog
 * moved it inside. Calling it again for the same content, or for a dialog already gone, does nothing.
 */
export function rememberOpener(content: HTMLElement, active: Element | null, fallback?: ReturnFocusFallback): void {
  if (!content.isConnected || open.some((record) => record.content === content)) return;
  const opener =
    active instanceof HTMLElement && active !== document.body && active.isConnected && !content.contains(active) ? active : null;
  // Opened from inside another dialog; or, with nothing focused, in place of one that has just
  // closed (its content is gone or leaving, but its close has not run yet).
  const from = opener ? (open.findLast((record) => record.content.contains(opener)) ?? null) : (open.findLast(isClosing) ?? null);
  open.push({
    content,
    opener,
    from,
    containers: opener ? containersOf(opener) : [],
    ...(opener ? neighboursOf(opener) : { after: [], before: [] }),
    fallback,
  });
}

/** The one available element with the opener's id or aria-label, the opener drawn anew. */
function sameControl(opener: HTMLElement): HTMLElement | null {
  for (const attribute of ["id", "aria-label"] as const) {
    const value = opener.getAttribute(attribute);
    if (!value) continue;
    const matches = [...document.querySelectorAll(`${opener.localName}[${attribute}="${CSS.escape(value)}"]`)].filter(isAvailable);
    if (matches.length === 1) return matches[0]!;
  }
  return null;
}

function neighbour(record: FocusReturn): HTMLElement | null {
  for (const container of record.containers) {
    if (!isOnPage(container)) continue;
    const found =
      record.after.find((element) => container.contains(element) && isTabbable(element)) ??
      record.before.find((element) => container.contains(element) && isTabbable(element)) ??
      tabbablesIn(container)[0];
    if (found) return found;
  }
  return null;
}

function returnTarget(record: FocusReturn, seen = new Set<FocusReturn>()): HTMLElement | null {
  if (seen.has(record)) return null;
  seen.add(record);
  const { opener } = record;
  if (opener && isAvailable(opener)) return opener;
  const fallback = record.fallback?.();
  return (
    (opener && sameControl(opener)) ??
    (fallback && isAvailable(fallback) ? fallback : null) ??
    neighbour(record) ??
    (record.from ? returnTarget(record.from, seen) : null)
  );
}

/**
 * Called when a dialog has closed (Radix's `onCloseAutoFocus`, once its content is gone): forgets
 * the dialog and, unless `move` is false, moves the focus where it belongs. Returns whether it
 * took charge of the focus; if not, Radix's own rule applies.
 */
export function returnFocus(content: Element, move = true): boolean {
  const index = open.findIndex((other) => other.content === content);
  if (index < 0) return false;
  const [record] = open.splice(index, 1);
  if (!record || !move) return false;
  // Another dialog already holds the focus (it opened as this one closed): leave it there.
  const active = document.activeElement;
  if (active && active !== document.body && open.some((other) => !isClosing(other) && other.content.contains(active))) {
    return true;
  }
  const target = returnTarget(record);
  if (!target) return false;
  target.focus();
  return true;
}
