import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "@/test/render";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/**
 * WCAG 2.4.3 (decision 123): a modal dialog holds the focus from the moment it opens, also one that
 * keeps its first field unfocused (the event form, so that a phone's keyboard does not cover it).
 */
function Page({ keepFieldsUnfocused }: { keepFieldsUnfocused: boolean }) {
  return (
    <>
      <button type="button">Add Event</button>
      <button type="button">Previous month</button>
      <Dialog open>
        <DialogContent onOpenAutoFocus={keepFieldsUnfocused ? (event) => event.preventDefault() : undefined}>
          <DialogTitle>Add New Event</DialogTitle>
          <DialogDescription>Add an event to your calendar.</DialogDescription>
          <label>
            Event Title <input />
          </label>
          <button type="button">Save Event</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("a dialog's focus as it opens", () => {
  it("is on the dialog itself when its fields are kept unfocused, and Tab goes to its first field, not under it", async () => {
    const { user } = await renderComponent(<Page keepFieldsUnfocused />);
    const dialog = screen.getByRole("dialog", { name: "Add New Event" });
    expect(document.activeElement).toBe(dialog);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Event Title" }));
    await user.tab();
    await user.tab();
    // Round the dialog (Save Event, the close button) and back to its first field.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("is on the first field otherwise", async () => {
    await renderComponent(<Page keepFieldsUnfocused={false} />);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Event Title" }));
  });
});
