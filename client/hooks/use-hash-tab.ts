import { useCallback, useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
  };
}

/**
 * A tab selected by the URL hash (#home, #todo, #calendar). An unknown or missing hash gives the
 * default; choosing a tab writes the hash, so Back and shared links work.
 */
export function useHashTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => "",
  );
  // Compared raw, not decoded: tab names are plain words, and decodeURIComponent throws on a
  // hash like "#%" (which used to blank the dashboard).
  const current = hash.replace(/^#/, "");
  const tab = (tabs as readonly string[]).includes(current) ? (current as T) : fallback;
  const setTab = useCallback((next: T) => {
    if (window.location.hash !== `#${next}`) window.location.hash = next;
  }, []);
  return [tab, setTab];
}
