import { type RefObject, useEffect } from "react";

/**
 * Keeps the focused field of a scrolling area in view when the area shrinks, as it does when a
 * phone's on-screen keyboard opens under a field the student just tapped: the keyboard opens after
 * the focus, so the browser's own scroll-on-focus comes too early. The area's own size is watched
 * (it changes only once layout has caught up), and the visual viewport too (iOS shrinks only that).
 */
export function useKeepFocusedFieldVisible(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const area = container.current;
    if (!area) return;
    const reveal = () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && area.contains(focused)) focused.scrollIntoView({ block: "nearest" });
    };
    const observer = new ResizeObserver(reveal);
    observer.observe(area);
    window.visualViewport?.addEventListener("resize", reveal);
    return () => {
      observer.disconnect();
      window.visualViewport?.removeEventListener("resize", reveal);
    };
  }, [container]);
}
