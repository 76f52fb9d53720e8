import { useEffect, useEffectEvent } from "react";

/**
 * Opens a screen's "add" dialog when the app asks for one from outside the screen (a keyboard
 * shortcut, the phone's floating add button), then tells the app it was handled, so a screen
 * shown again later does not reopen it.
 */
export function useCreateRequest(requested: boolean | undefined, open: () => void, handled: (() => void) | undefined): void {
  const openRequested = useEffectEvent(() => {
    open();
    handled?.();
  });
  useEffect(() => {
    if (requested) openRequested();
  }, [requested]);
}
