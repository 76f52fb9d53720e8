import { useEffect } from "react";

/** The product's name: the last part of every screen's title. */
export const APP_NAME = "Student Hub";

/** "Tasks" → "Tasks · Student Hub" (docs/product.md#screen-titles). */
export function screenTitle(screen: string): string {
  return `${screen} · ${APP_NAME}`;
}

/**
 * Sets the browser tab's title while the calling screen is shown, and puts back the one before it
 * when the screen goes (docs/product.md#screen-titles). Pass the whole title,
 * usually `screenTitle("Sign In")`.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
