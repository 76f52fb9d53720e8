import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { messageRef } from "@core/i18n/translate";
import { END_BEFORE_START, TITLE_REQUIRED } from "@core/schemas/event";
import type { SchoolEvent } from "@core/schemas/school";
import type { AlternateBellSchedule } from "@core/school-day";
import { inEnglish } from "@core/test/in-english";
import { FormDialog } from "@/components/form/form-dialog";
import { showToast } from "@/lib/toast";
import { admin } from "@/test/admin";
import { FakeServer, reply } from "@/test/fake-server";
import { renderComponent } from "@/test/render";
import { SchoolEventForm } from "./school-event-form";

// Staff's school event form on the one event form (issue 50): checked by the API's own schema
// before anything is sent, with the schema's words; what the server still refuses lands on its field.
// The page's journeys (the delay's alternate, asking before a delay on the usual times, the end
// date's picker) are client/app/screens/admin-school.test.tsx's.

// Rendered without the app's Toaster: the toasts asked for are what is checked.
vi.mock("@/lib/toast", async (original) => ({ ...(await original<object>()), showToast: vi.fn() }));

const TODAY = "2026-11-30";
const FIELD_TRIP: SchoolEvent = {
  id: 7,
  title: "Field trip",
  description: null,
  date: "2026-12-08",
  endDate: "2026-12-10",
  time: null,
  eventType: "custom",
  alternateId: null,
};
const DELAY: AlternateBellSchedule = { id: "alternate-1", name: "2-Hour Delay", bellTimes: [{ period: 1, start: "09:45", end: "11:15" }] };

async function openForm(options: { event: SchoolEvent | null; alternates?: AlternateBellSchedule[]; locale?: "en" | "es" }) {
  const server = new FakeServer();
  const onDone = vi.fn();
  const rendered = await renderComponent(
    <FormDialog formKey="form" busy={false} onClose={onDone}>
      <SchoolEventForm
        event={options.event}
        today={TODAY}
        usual={{ bellTimes: [{ period: 1, start: "07:45", end: "09:15" }] }}
        alternates={options.alternates ?? []}
        onSaving={() => {}}
        onDone={onDone}
      />
    </FormDialog>,
    { server, user: admin({ locale: options.locale ?? "en" }), locale: options.locale ?? "en", now: `${TODAY}T10:00:00-05:00` },
  );
  return { ...rendered, onDone, dialog: await screen.findByRole("dialog") };
}

/** Picks `date` (yyyy-MM-dd, in December 2026) in the date picker opened from `field`. */
async function pickDecemberDate(user: UserEvent, field: HTMLElement, day: number) {
  await user.click(field);
  const name = new RegExp(`December ${day}(st|nd|rd|th)?, 2026`);
  await user.click(within(await screen.findByRole("grid")).getAllByRole("button", { name })[0]!);
  await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
}

describe("staff's school event form", () => {
  it("refuses a blank title and an end before the date with the schema's words, sending nothing; then sends the schema's output", async () => {
    const { user, server, dialog, onDone } = await openForm({ event: FIELD_TRIP });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "   ");
    await pickDecemberDate(user, within(dialog).getByRole("button", { name: /^Date/ }), 12);
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));

    expect(await within(dialog).findByText(inEnglish(TITLE_REQUIRED)!)).toBeVisible();
    expect(title).toHaveAccessibleDescription(inEnglish(TITLE_REQUIRED)!);
    expect(within(dialog).getByRole("button", { name: /^End date/ })).toHaveAccessibleDescription(inEnglish(END_BEFORE_START)!);
    expect(server.sent("PUT /api/admin/school/events/7")).toEqual([]);

    server.on("PUT /api/admin/school/events/:id", ({ body }) => ({ ...FIELD_TRIP, ...(body as object) }));
    await user.type(title, "Museum trip ");
    await user.click(within(dialog).getByRole("button", { name: "Clear end date" }));
    // Editing a refused field takes its message away.
    expect(within(dialog).queryByText(inEnglish(TITLE_REQUIRED)!)).toBeNull();
    expect(within(dialog).queryByText(inEnglish(END_BEFORE_START)!)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith({ title: "Event Saved", variant: "success" });
    expect(server.body("PUT /api/admin/school/events/7")).toEqual({
      title: "Museum trip",
      description: null,
      date: "2026-12-12",
      endDate: null,
      time: null,
      eventType: "custom",
      alternateId: null,
      notify: false,
    });
  });

  it("says the refusal in Spanish, in the calendar's words", async () => {
    const { user, server, dialog } = await openForm({ event: null, locale: "es" });
    await user.click(within(dialog).getByRole("button", { name: "Guardar evento" }));
    expect(await within(dialog).findByText("El título es obligatorio")).toBeVisible();
    expect(server.sent("POST /api/admin/school/events")).toEqual([]);
  });

  it("shows the server's refusal under its field, with the toast", async () => {
    const unknown = inEnglish(messageRef("server.school_alternate_unknown"))!;
    const { user, server, dialog } = await openForm({ event: { ...FIELD_TRIP, alternateId: DELAY.id }, alternates: [DELAY] });
    server.answer("PUT /api/admin/school/events/7", reply(400, { message: unknown, errors: { alternateId: [unknown] } }));
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));

    const bells = within(dialog).getByRole("combobox", { name: "Bell schedule" });
    await waitFor(() => expect(bells).toHaveAccessibleDescription(unknown));
    expect(showToast).toHaveBeenCalledWith({ title: "The event was not saved", description: unknown, variant: "destructive" });
    expect(server.body("PUT /api/admin/school/events/7")).toMatchObject({ alternateId: DELAY.id, endDate: "2026-12-10" });
  });
});
