/**
 * What Radix's dialogs, switches, selects and popovers ask of a browser and jsdom lacks: no layout
 * to observe, no pointer capture, nothing to scroll. Installed once for every component test
 * (client/test/setup.ts).
 */
export function fillDomGaps(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
