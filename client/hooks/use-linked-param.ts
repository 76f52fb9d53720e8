import { useEffect, useState } from "react";

/**
 * A query parameter a link opened the app with (a reminder's notification: `/?day=2026-12-01#calendar`,
 * `/?task=12#todo`), read once and then taken out of the address bar, so that a reload or a later
 * visit to the tab does not open the same thing again. Null when absent or not valid.
 */
export function useLinkedParam<T>(name: string, parse: (text: string) => T | null): T | null {
  const [value] = useState(() => {
    const text = new URLSearchParams(window.location.search).get(name);
    return text === null ? null : parse(text);
  });
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(name)) return;
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [name]);
  return value;
}
