import { type Ref, useCallback, useEffect, useRef } from "react";
import { onDemand } from "@/lib/on-demand";
import type { ReturnFocusFallback } from "@/lib/return-focus";

/**
 * The rules (client/lib/return-focus.ts) are downloaded when the first dialog opens, so that a first
 * visit downloads none of them (docs/decisions/065). A dialog that closes before they have arrived
 * gives the focus back to its opener if it is still there.
 */
const rules = onDemand(() => import("@/lib/return-focus"));
/** The element that had the focus when each dialog's content was attached. */
const openers = new WeakMap<Element, Element | null>();

type ReturnFocusOptions = {
  /** Where the focus goes when the opener is gone, before the neighbour rule is tried. */
  fallback?: ReturnFocusFallback;
  /** The caller's own handler: runs first, and may call `event.preventDefault()` to place the focus itself. */
  onCloseAutoFocus?: (event: Event) => void;
  /** The caller's ref to the content element (read when the content is attached). */
  ref?: Ref<HTMLDivElement>;
};

/**
 * Focus return for a Radix dialog's content (docs/product.md#dialogs-and-focus): pass the returned `contentRef`
 * and `onCloseAutoFocus` to the content. When the dialog closes, the focus goes back to the control
 * that opened it, or, when that control is gone, to `fallback()` or a neighbour.
 */
export function useReturnFocus({ fallback, onCloseAutoFocus, ref }: ReturnFocusOptions = {}) {
  const latest = useRef({ fallback, onCloseAutoFocus, ref });
  useEffect(() => {
    latest.current = { fallback, onCloseAutoFocus, ref };
  });

  const contentRef = useCallback((content: HTMLDivElement | null) => {
    const callerRef = latest.current.ref;
    if (typeof callerRef === "function") callerRef(content);
    else if (callerRef) callerRef.current = content;
    if (!content) return;
    // Who has the focus is read now, before the dialog moves it inside.
    const active = document.activeElement;
    openers.set(content, active);
    const callerFallback = () => latest.current.fallback?.();
    const loaded = rules.loaded();
    if (loaded) loaded.rememberOpener(content, active, callerFallback);
    else
      rules.load().then(
        (lib) => lib.rememberOpener(content, active, callerFallback),
        () => {
          // Offline: this dialog leaves the focus to Radix; the next one tries the download again.
        },
      );
  }, []);

  const handleCloseAutoFocus = useCallback((event: Event) => {
    latest.current.onCloseAutoFocus?.(event);
    const content = event.target instanceof Element ? event.target : null;
    if (!content) return;
    const move = !event.defaultPrevented;
    const loaded = rules.loaded();
    if (loaded) {
      if (loaded.returnFocus(content, move)) event.preventDefault();
      return;
    }
    const opener = openers.get(content);
    if (move && opener instanceof HTMLElement && opener.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  }, []);

  return { contentRef, onCloseAutoFocus: handleCloseAutoFocus };
}
