/**
 * Runs `task` once the browser has nothing more pressing to do: after the screen being shown has
 * rendered and painted (requestIdleCallback), or after `timeoutMs` at the latest. Safari has no
 * requestIdleCallback; there a plain timer of `fallbackMs` stands in.
 *
 * For downloads the first screen does not need but a later moment will (docs/decisions/102): the
 * toast library, the parts of the Home tab below a phone's first screen.
 */
export function whenIdle(task: () => void, { timeoutMs = 3000, fallbackMs = 500 } = {}): () => void {
  // Answers how to call it off: an effect that returns it runs no task after its screen has gone
  // (a Home tab closed within half a second set its state after the page was torn down).
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}
