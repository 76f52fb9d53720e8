import { i18n, type Messages } from "@lingui/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { messages as englishSync } from "@core/i18n/compiled/en/sync";
import { messages as spanishSync } from "@core/i18n/compiled/es/sync";
import { event, task } from "@core/test/builders";
import { renderComponent } from "@/test/render";
import { askConflict, ConflictDialog } from "./conflict-dialog";
import { SyncChip } from "./sync-chip";

/**
 * "Changed on another device" (decision 116) and the sync chip while it waits (issue 49 item 9):
 * the two versions' dates and times as the app writes them, not "2026-12-04 · 15:00", and a chip
 * that says a change needs a choice rather than "All changes saved".
 */
/** The sync chip, outside the question (hidden from the accessibility tree while the question is open, as a modal's page is). */
const chip = () => screen.getByRole("status", { name: /Saving changes|Guardando cambios/, hidden: true });

const theirs = { ...task({ id: 7, title: "Essay", dueDate: "2026-12-04", dueTime: "15:00" }), etag: '"v2"' };

async function showConflicts(locale: "en" | "es") {
  const rendered = await renderComponent(
    <>
      <SyncChip />
      <ConflictDialog />
    </>,
    { locale },
  );
  const answers = [
    askConflict({ kind: "tasks", variables: { id: 7, changes: { completed: true, dueTime: "08:30" } }, current: theirs }),
    askConflict({
      kind: "events",
      variables: { eventId: 9, scope: { kind: "SINGLE_INSTANCE", date: "2026-12-07" } },
      current: { ...event({ id: 9, title: "Band", date: "2026-12-01", time: "07:15" }), etag: '"e3"' },
    }),
  ];
  return { ...rendered, answers };
}

describe("a change that met another device's", () => {
  // The sync words come with the offline-edits part (app/offline-edits.tsx), which loads them so.
  beforeAll(() => {
    i18n.load("en", englishSync as Messages);
    i18n.load("es", spanishSync as Messages);
  });

  it("shows both versions' dates and times in the app's format, and the chip counts the choices waiting", async () => {
    const { user, answers } = await showConflicts("en");
    const dialog = await screen.findByRole("alertdialog", { name: "Changed on another device" });
    expect(within(dialog).getByText("Yours: Essay · Dec 4, 2026 · 8:30 AM · done")).toBeVisible();
    expect(within(dialog).getByText("Theirs: Essay · Dec 4, 2026 · 3:00 PM")).toBeVisible();
    expect(chip()).toHaveTextContent("2 changes need your choice");

    await user.click(within(dialog).getByRole("button", { name: "Use theirs" }));
    expect(await answers[0]).toBe("theirs");
    const next = await screen.findByText("You deleted its Dec 7, 2026 date here; the series was changed there.");
    expect(next).toBeVisible();
    expect(screen.getByText("Theirs: Band · Dec 1, 2026 · 7:15 AM")).toBeVisible();
    expect(chip()).toHaveTextContent("1 change needs your choice");

    await user.click(screen.getByRole("button", { name: "Keep mine" }));
    expect(await answers[1]).toBe("mine");
    await waitFor(() => expect(chip()).toHaveTextContent(""));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("in Spanish", async () => {
    const { user, answers } = await showConflicts("es");
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/^La tuya: Essay · 4 dic 2026 · 8:30\sa\.\sm\. · hecha$/)).toBeVisible();
    expect(chip()).toHaveTextContent("2 cambios necesitan que elijas");
    await user.click(within(dialog).getAllByRole("button")[0]!);
    await answers[0];
    expect(await screen.findByText(/7 dic 2026/)).toBeVisible();
    expect(chip()).toHaveTextContent("1 cambio necesita que elijas");
    await user.click(within(screen.getByRole("alertdialog")).getAllByRole("button")[1]!);
    await answers[1];
  });
});
