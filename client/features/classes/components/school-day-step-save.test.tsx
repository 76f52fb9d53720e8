import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHOOL_SCHEDULE, type SchoolSchedule } from "@core/school-day";
import { FakeServer, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// Moved from e2e/school-day.spec.ts and e2e/school-home.spec.ts (docs/decisions/120): Settings →
// School Day, what it saves (PUT /api/user/schedule, PUT /api/user/preferences: their storage is
// server/routes/classes.test.ts's and server/routes/agenda.test.ts's) and whose school day it offers.

const NOW = "2026-11-30T10:00:00-05:00";
const NOT_PUBLISHED = null;
const PUBLISHED = {
  bellTimes: [{ period: 1, start: "07:45", end: "09:15" }],
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  rotation: null,
  daysOff: [],
};

/** Settings → School Day from the sidebar, for a student who follows her own school day (the server's default). */
async function openSchoolDayStep(school: unknown = NOT_PUBLISHED) {
  const server = new FakeServer();
  server.preferences = { ...server.preferences, scheduleSource: "mine" };
  server.answer("GET /api/user/schedule", DEFAULT_SCHOOL_SCHEDULE);
  server.answer("GET /api/school/schedule", school);
  server.on("PUT /api/user/schedule", ({ body }) => body as SchoolSchedule);
  const rendered = await renderApp("/", { server, user: student(), now: NOW });
  const open = async () => {
    // The dashboard's code loads lazily: slower than a query's 5 s on a busy 2-core machine.
    const sidebar = await screen.findByRole("complementary", { name: "Sidebar" }, { timeout: 30_000 });
    await rendered.user.click(within(sidebar).getByRole("button", { name: "Settings" }));
    await rendered.user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "School Day" }));
    const step = await screen.findByRole("dialog", { name: "School Day" });
    await within(step).findByRole("button", { name: "Save School Day" });
    return step;
  };
  return { ...rendered, open, step: await open() };
}

/** Replaces a time or date field's value, as typed. */
async function setField(user: Awaited<ReturnType<typeof openSchoolDayStep>>["user"], field: HTMLElement, date: string) {
  await user.clear(field);
  await user.type(field, date);
}

describe("the School Day step", { timeout: 60_000 }, () => {
  it("saves quick fill, an adjusted bell, an A/B rotation and a day off; an anchor on a weekend is refused first", async () => {
    const { user, server, step } = await openSchoolDayStep();
    const first = within(step).getByLabelText("First period starts");
    await setField(user, first, "08:10");
    const period = within(step).getByLabelText("Period (minutes)");
    await user.clear(period);
    await user.type(period, "45");
    await user.click(within(step).getByRole("button", { name: "Fill Bell Times" }));
    expect(within(step).getByLabelText("1st period · Mathematics starts")).toHaveValue("08:10");
    expect(within(step).getByLabelText("1st period · Mathematics ends")).toHaveValue("08:55");
    expect(within(step).getByLabelText("2nd period · Science starts")).toHaveValue("09:00");
    await setField(user, within(step).getByLabelText("2nd period · Science ends"), "09:50");

    await user.selectOptions(within(step).getByLabelText("Timetable"), "ab");
    await setField(user, within(step).getByLabelText("On this date"), "2026-12-06"); // a Sunday
    await user.click(within(step).getByRole("button", { name: "Add Day Off" }));
    await setField(user, within(step).getByLabelText("From", { exact: true }), "2026-12-24");
    await setField(user, within(step).getByLabelText("To", { exact: true }), "2027-01-01");
    await user.type(within(step).getByLabelText("Name", { exact: true }), "Winter break");
    await user.click(within(step).getByRole("button", { name: "Save School Day" }));
    expect(await within(step).findByRole("alert")).toHaveTextContent("Please fix the highlighted fields.");
    expect(within(step).getByText("The anchor date must be a school day")).toBeVisible();
    // On the field itself, though the schema names the request's rotation.anchorDate.
    expect(within(step).getByLabelText("On this date")).toHaveAccessibleDescription("The anchor date must be a school day");
    expect(server.sent("PUT /api/user/schedule")).toHaveLength(0);

    await setField(user, within(step).getByLabelText("On this date"), "2026-12-07");
    // The messages follow the changes: fixed, the field and the footer say nothing more.
    expect(within(step).queryByText("The anchor date must be a school day")).toBeNull();
    expect(within(step).getByRole("alert")).toHaveTextContent("");
    await user.click(within(step).getByRole("button", { name: "Save School Day" }));
    await findToast("Success!", "Your school day has been saved.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "School Day" })).toBeNull());
    expect(server.body("PUT /api/user/schedule")).toMatchObject({
      bellTimes: expect.arrayContaining([
        { period: 1, start: "08:10", end: "08:55" },
        { period: 2, start: "09:00", end: "09:50" },
      ]),
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
      daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Winter break" }],
    });
    // No school schedule published: no choice of whose school day, nothing else saved.
    expect(server.sent("PUT /api/user/preferences")).toHaveLength(0);
  });

  it("until the school publishes (404), offers no choice of whose school day", async () => {
    const { step } = await openSchoolDayStep();
    expect(within(step).getByRole("button", { name: "Fill Bell Times" })).toBeVisible();
    expect(within(step).queryByRole("group", { name: "Which school day to follow" })).toBeNull();
  });

  it("with a published school schedule: the choice, saved; the own fields only for “My own school day”", async () => {
    const { user, server, step, open } = await openSchoolDayStep(PUBLISHED);
    const choice = await within(step).findByRole("group", { name: "Which school day to follow" });
    expect(within(choice).getByRole("radio", { name: "My own school day" })).toBeChecked();
    expect(within(step).getByRole("button", { name: "Fill Bell Times" })).toBeVisible();
    await user.click(within(choice).getByRole("radio", { name: "My school's schedule" }));
    expect(within(step).queryByRole("button", { name: "Fill Bell Times" })).toBeNull();
    await user.click(within(step).getByRole("button", { name: "Save School Day" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "School Day" })).toBeNull());
    expect(server.body("PUT /api/user/preferences")).toEqual({ scheduleSource: "school" });
    expect(server.sent("PUT /api/user/schedule")).toHaveLength(0);

    // Opened again, the choice is as saved.
    const again = await open();
    expect(await within(again).findByRole("radio", { name: "My school's schedule" })).toBeChecked();
  });
});
