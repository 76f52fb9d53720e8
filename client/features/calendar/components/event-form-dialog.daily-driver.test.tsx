import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MONTHLY_NEEDS_DAYS as MONTHLY_NEEDS_DAYS_REF, MONTHLY_NEEDS_OPTION as MONTHLY_NEEDS_OPTION_REF } from "@core/schemas/event";
import { event } from "@core/test/builders";
import { inEnglish } from "@core/test/in-english";
import { answerEventCreation, choose, NOW, TODAY } from "@/test/daily-driver";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver-two.spec.ts (docs/decisions/120): a monthly event asks for a date
// option or specific dates, with the messages on each field, whether the form or the server says so.

const MONTHLY_NEEDS_OPTION = inEnglish(MONTHLY_NEEDS_OPTION_REF)!;
const MONTHLY_NEEDS_DAYS = inEnglish(MONTHLY_NEEDS_DAYS_REF)!;

/** The Calendar tab on a 375 px phone, its Add New Event form open with a monthly title chosen. */
async function monthlyEventForm(server = new FakeServer()) {
  answerEventCreation(server);
  const rendered = await renderApp("/#calendar", { server, user: student(), now: NOW, width: 375 });
  const { user } = rendered;
  await screen.findByRole("grid");
  await user.click(screen.getAllByRole("button", { name: "Add Event" })[0]!);
  const form = await screen.findByRole("dialog", { name: "Add New Event" });
  // Pasted: typing re-renders the whole form at each key, seconds on a loaded machine.
  await user.click(within(form).getByRole("textbox", { name: "Event Title" }));
  await user.paste("Club dues");
  await choose(user, within(form).getByRole("combobox", { name: "Recurring" }), "Monthly, on dates");
  return { ...rendered, form };
}

describe("a monthly event", () => {
  it("with neither a date option nor dates says so on both fields and sends nothing; the same date each month is saved", async () => {
    const { user, form, server } = await monthlyEventForm();
    const option = within(form).getByRole("combobox", { name: "Date option" });
    // Nothing ticked: no option and no dates.
    const dates = within(form).getByRole("group", { name: "Repeat on dates" });
    for (const box of within(dates).queryAllByRole("checkbox", { checked: true })) await user.click(box);
    await user.click(within(form).getByRole("button", { name: "Add Event" }));

    expect(await within(form).findByText(MONTHLY_NEEDS_OPTION)).toBeVisible();
    expect(option).toHaveAccessibleDescription(MONTHLY_NEEDS_OPTION);
    expect(within(form).getByText(MONTHLY_NEEDS_DAYS)).toBeVisible();
    expect(server.sent("POST /api/events")).toEqual([]);

    await choose(user, option, /^On the same date each month \(the 30th\)$/);
    // The same date takes no dates: the chooser and both messages go.
    expect(within(form).queryByRole("group", { name: "Repeat on dates" })).toBeNull();
    expect(within(form).queryByText(MONTHLY_NEEDS_OPTION)).toBeNull();
    expect(within(form).queryByText(MONTHLY_NEEDS_DAYS)).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Add Event" }));
    expect(await screen.findByText("Event created successfully")).toBeVisible();
    expect(server.body("POST /api/events")).toMatchObject({
      title: "Club dues",
      date: TODAY,
      recurring: "monthly",
      customWhenToRepeat: "same-date",
      customDays: [],
    });
  });

  it("reopened, shows the date option the series was saved with", async () => {
    const server = new FakeServer();
    server.events = [
      event({ id: 1, title: "Club dues", date: TODAY, recurring: "monthly", customWhenToRepeat: "same-date", customDays: [] }),
    ];
    const { user } = await renderApp("/#calendar", { server, user: student(), now: NOW, width: 375 });
    await user.click(await screen.findByRole("gridcell", { name: /^Monday, November 30, 2026, / }));
    await user.click(await screen.findByRole("button", { name: "Edit Club dues" }));
    await user.click(await screen.findByRole("button", { name: "This and future events" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Event" });
    expect(within(edit).getByRole("combobox", { name: "Date option" })).toHaveTextContent("On the same date each month");
  });

  it("shows the server's date-option message on the Date option field", async () => {
    const server = new FakeServer();
    const { user, form } = await monthlyEventForm(server);
    // What POST /api/events answers a monthly event with neither (server/routes/events.test.ts), for
    // a save the form's own check would otherwise never let through.
    server.answer(
      "POST /api/events",
      reply(400, {
        message: MONTHLY_NEEDS_OPTION,
        errors: { customWhenToRepeat: [MONTHLY_NEEDS_OPTION], customDays: [MONTHLY_NEEDS_DAYS] },
      }),
    );
    await choose(user, within(form).getByRole("combobox", { name: "Date option" }), /^On the same date each month/);
    await user.click(within(form).getByRole("button", { name: "Add Event" }));

    expect(await within(form).findByText(MONTHLY_NEEDS_OPTION)).toBeVisible();
    expect(within(form).getByRole("combobox", { name: "Date option" })).toHaveAccessibleDescription(MONTHLY_NEEDS_OPTION);
  });
});
