import { type RefObject, useEffect, useRef } from "react";

/**
 * Calls `loadMore` when the element at the end of a list scrolls into view (with 200 px to spare),
 * while `enabled`. The list also offers a button, for a keyboard or a browser without the observer.
 */
export function useLoadMoreOnScroll(sentinel: RefObject<HTMLElement | null>, enabled: boolean, loadMore: () => void): void {
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled]);
}
