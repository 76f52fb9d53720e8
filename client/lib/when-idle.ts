/**
 * Runs `task` once the browser has nothing more pressing to do: after the screen being shown has
 * rendered and painted (requestIdleCallback), or after `timeoutMs` at the latest. Safari has no
 * requestIdleCallback; there a plain timer of `fallbackMs` stands in.
 *
 * For downloads the first screen does not need but a later moment will (docs/decisions/102): the
 * toast library, the parts of the Home tab below a phone's first screen.
 */
export function whenIdle(task: () => void, { timeoutMs = 3000, fallbackMs = 500 } = {}): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, fallbackMs);
}
