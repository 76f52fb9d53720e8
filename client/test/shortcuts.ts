import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { UserEvent } from "@testing-library/user-event";

/**
 * Waits until the dashboard's single-key shortcuts listen (they load once the first screen is up and
 * the browser idle): presses `?` until the shortcuts' list opens, then closes it with Escape. A key
 * over an open dialog is ignored, so the presses that find it open do nothing.
 */
export async function shortcutsListening(user: UserEvent, listName = "Keyboard shortcuts"): Promise<void> {
  await waitFor(
    async () => {
      await user.keyboard("?");
      expect(screen.getByRole("dialog", { name: listName })).toBeVisible();
    },
    { timeout: 5000 },
  );
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog", { name: listName })).toBeNull());
}
