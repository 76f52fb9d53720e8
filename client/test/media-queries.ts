/**
 * window.matchMedia for the DOM environment, which has none: the width queries the app asks
 * (`(max-width: 767px)`, `(min-width: …)`) are answered from `window.innerWidth` and tell their
 * listeners when the render helper resizes the window; any other query (display-mode,
 * prefers-color-scheme) does not match, as in a browser tab with the default light theme.
 */
function matches(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const width = /\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/.exec(part);
    if (!width) return false;
    const limit = Number(width[2]);
    return width[1] === "min" ? window.innerWidth >= limit : window.innerWidth <= limit;
  });
}

export function installMatchMedia(): void {
  const lists = new Set<{ query: string; last: boolean; listeners: Set<(event: MediaQueryListEvent) => void> }>();
  window.addEventListener("resize", () => {
    for (const list of lists) {
      const now = matches(list.query);
      if (now === list.last) continue;
      list.last = now;
      for (const listener of list.listeners) listener({ matches: now, media: list.query } as MediaQueryListEvent);
    }
  });
  window.matchMedia = (query: string): MediaQueryList => {
    const list = { query, last: matches(query), listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.add(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}
