import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SchoolSchedule } from "@core/school-day";
import type { AnnouncementProgress } from "@core/schemas/announcements";
import type { SchoolEvent } from "@core/schemas/school";
import { admin, adminNetwork, findToast } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin-school.spec.ts (docs/decisions/120): the school's page's fields, what each
// part sends, its refusals and its words in both languages. The journey (publish, an event on the
// alternate, an announcement, and a student's Home following) and the page's width at 375 px stay
// in the browser.

/** Monday 30 November 2026, 10:00 in New York: the delay day is the next Monday, a week on. */
const NOW = "2026-11-30T10:00:00-05:00";
const DELAY_DAY = "2026-12-07";
const B_DAY = "2026-12-08";

/**
 * The page's network: the admin unlocked, the school's schedule (null until published), its events
 * and announcements kept in memory, so what a write changes shows on the next read.
 */
function schoolNetwork(server: FakeServer, options: { schedule?: SchoolSchedule | null; events?: SchoolEvent[] } = {}) {
  // Unlocked for half an hour from the test's clock (NOW), not the machine's.
  adminNetwork(server).until = new Date(Date.parse(NOW) + 30 * 60 * 1000).toISOString();
  const state = {
    schedule: options.schedule ?? null,
    events: options.events ?? [],
    announcements: [] as AnnouncementProgress[],
    /** What GET /api/admin/announcements/:id answers next for the one just sent. */
    progress: (a: AnnouncementProgress): AnnouncementProgress => ({ ...a, total: 0, pending: 0 }),
  };
  let nextId = 50;
  server.on("GET /api/school/schedule", () => state.schedule);
  server.on("PUT /api/admin/school/schedule", ({ body }) => (state.schedule = body as SchoolSchedule));
  server.on("GET /api/school/events", () => state.events);
  server.on("POST /api/admin/school/events", ({ body }) => {
    const created = { id: nextId++, description: null, endDate: null, time: null, alternateId: null, ...(body as object) } as SchoolEvent;
    state.events = [...state.events, created];
    return reply(201, created);
  });
  server.on("DELETE /api/admin/school/events/:id", ({ params }) => {
    state.events = state.events.filter((e) => e.id !== Number(params.id));
    return reply(204);
  });
  server.on("GET /api/admin/announcements", () => state.announcements);
  server.on("POST /api/admin/announcements", ({ body }) => {
    const { showDays, ...input } = body as Pick<AnnouncementProgress, "title" | "body" | "audience"> & { showDays?: number };
    const sent: AnnouncementProgress = {
      id: nextId++,
      createdAt: "2026-11-30T15:00:00.000Z",
      shownUntil: new Date(Date.parse("2026-11-30T15:00:00.000Z") + (showDays ?? 3) * 86_400_000).toISOString(),
      event: null,
      readers: 42,
      total: 0,
      sent: 0,
      failed: 0,
      pending: 0,
      ...input,
    };
    state.announcements = [sent, ...state.announcements];
    return reply(202, { id: sent.id });
  });
  server.on("GET /api/admin/announcements/:id", ({ params }) => {
    const found = state.announcements.find((a) => a.id === Number(params.id))!;
    const now = state.progress(found);
    state.announcements = state.announcements.map((a) => (a.id === now.id ? now : a));
    return now;
  });
  return state;
}

async function openSchoolPage(options: Parameters<typeof schoolNetwork>[1] & { locale?: "en" | "es" } = {}) {
  const server = new FakeServer();
  const state = schoolNetwork(server, options);
  const locale = options.locale ?? "en";
  const rendered = await renderApp("/admin/school", { user: admin({ locale }), server, locale, now: NOW, width: 375 });
  const heading = locale === "en" ? "Bell Schedule" : "Horario de timbres";
  // The section is drawn again once the session says the panel is unlocked: found after that.
  await screen.findByRole("button", { name: locale === "en" ? "Publish Schedule" : "Publicar horario" }, { timeout: 15_000 });
  const bells = screen.getByRole("region", { name: heading });
  return { ...rendered, state, bells };
}

// The first test loads the page's chunks and words; filling dozens of time fields takes seconds on a loaded 2-core machine.

/** Picks `date` (yyyy-MM-dd) in the app's date picker opened from `field`, a month at a time. */
async function pickDate(user: UserEvent, field: HTMLElement, date: string) {
  await user.click(field);
  const grid = await screen.findByRole("grid");
  const d = new Date(`${date}T12:00:00Z`);
  const month = d.toLocaleDateString("en-US", { timeZone: "UTC", month: "long" });
  const name = new RegExp(`${month} ${d.getUTCDate()}(st|nd|rd|th)?, ${d.getUTCFullYear()}`);
  for (let i = 0; i < 14 && !within(grid).queryAllByRole("button", { name }).length; i++) {
    await user.click(screen.getByRole("button", { name: /next month/i }));
  }
  await user.click(within(screen.getByRole("grid")).getAllByRole("button", { name })[0]!);
  await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
}

const ROTATION_DAYS = "Rotation days, separated by commas (A, B)";

describe("the school's bell schedule", () => {
  it("publishes the usual times, a 2-hour delay alternate two hours later and a day off, saying it is no longer unpublished", async () => {
    const { user, server, bells } = await openSchoolPage();
    const b = within(bells);
    expect(b.getByText("Not published yet", { exact: false })).toBeVisible();

    await user.clear(b.getByLabelText("Period 1 start"));
    await user.type(b.getByLabelText("Period 1 start"), "07:45");
    await user.clear(b.getByLabelText("Period 1 end"));
    await user.type(b.getByLabelText("Period 1 end"), "09:15");
    await user.click(b.getByRole("button", { name: "Add Period" }));
    await user.clear(b.getByLabelText("Period 2 start"));
    await user.type(b.getByLabelText("Period 2 start"), "09:25");
    await user.clear(b.getByLabelText("Period 2 end"));
    await user.type(b.getByLabelText("Period 2 end"), "10:55");
    await user.click(b.getByRole("button", { name: "Add Alternate Schedule" }));
    await user.clear(b.getByLabelText("Name"));
    await user.type(b.getByLabelText("Name"), "2-Hour Delay");
    await user.click(b.getByRole("button", { name: "2 hours later" }));
    expect(b.getAllByLabelText("Period 1 start")[1]).toHaveValue("09:45");
    expect(b.getAllByLabelText("Period 2 end")[1]).toHaveValue("12:55");

    // A day off a week after the delay (picked by keyboard in the browser journey, e2e/admin-school.spec.ts).
    await user.click(b.getByRole("button", { name: "Add Day Off" }));
    await pickDate(user, b.getByRole("button", { name: /^From/ }), "2026-12-14");
    expect(b.getByRole("button", { name: /^From/ })).toHaveAccessibleName("From Dec 14, 2026");
    // The day off's name, in the words the student's School Day step has too (one days-off list for both).
    const dayOff = within(b.getByRole("list", { name: "Days off" }));
    expect(dayOff.getByRole("button", { name: "Remove this day off" })).toBeVisible();
    await user.type(dayOff.getByLabelText("Name", { exact: true }), "Teacher workday");
    expect(dayOff.getByRole("button", { name: "Remove Teacher workday" })).toBeVisible();
    await user.click(b.getByRole("button", { name: "Publish Schedule" }));

    expect(await findToast("Schedule Published", "Schedule Published")).toBeVisible();
    expect(server.body("PUT /api/admin/school/schedule")).toMatchObject({
      rotation: null,
      bellTimes: [
        { period: 1, start: "07:45", end: "09:15" },
        { period: 2, start: "09:25", end: "10:55" },
      ],
      daysOff: [{ from: "2026-12-14", to: "2026-12-14", label: "Teacher workday" }],
      alternates: [
        {
          name: "2-Hour Delay",
          bellTimes: [
            { period: 1, start: "09:45", end: "11:15" },
            { period: 2, start: "11:25", end: "12:55" },
          ],
        },
      ],
    });
    await waitFor(() => expect(b.queryByText("Not published yet", { exact: false })).toBeNull());
  }, 30_000);

  it("refuses a rotation whose date's day is not one of its days, in words, and sends nothing", async () => {
    const { user, server, bells } = await openSchoolPage();
    const b = within(bells);
    await user.type(b.getByLabelText(ROTATION_DAYS), "A, B");
    await pickDate(user, b.getByRole("button", { name: /^A school day of the rotation/ }), DELAY_DAY);
    await user.type(b.getByLabelText("Its rotation day"), "C");
    await user.click(b.getByRole("button", { name: "Publish Schedule" }));
    // Worded from the schema's reference, not shown as its message id ("classes.…").
    expect(await b.findByRole("alert")).toHaveTextContent("Anchor day must be one of the rotation days");
    expect(b.getByRole("alert")).not.toHaveTextContent("classes.");
    expect(server.sent("PUT /api/admin/school/schedule")).toHaveLength(0);
  });

  it("builds an A/B block schedule: per-day times copied and changed, a clash refused under its field, each day's periods, a delay's B-day times", async () => {
    const { user, server, bells } = await openSchoolPage();
    const b = within(bells);
    await user.clear(b.getByLabelText("Period 1 start"));
    await user.type(b.getByLabelText("Period 1 start"), "07:45");
    await user.clear(b.getByLabelText("Period 1 end"));
    await user.type(b.getByLabelText("Period 1 end"), "09:15");
    await user.click(b.getByRole("button", { name: "Add Period" }));
    await user.clear(b.getByLabelText("Period 2 start"));
    await user.type(b.getByLabelText("Period 2 start"), "09:25");
    await user.clear(b.getByLabelText("Period 2 end"));
    await user.type(b.getByLabelText("Period 2 end"), "10:55");
    // The per-day parts are offered once there is a rotation.
    expect(b.queryByRole("switch", { name: "Different times on each rotation day" })).toBeNull();
    await user.type(b.getByLabelText(ROTATION_DAYS), "A, B");
    await pickDate(user, b.getByRole("button", { name: /^A school day of the rotation/ }), DELAY_DAY);
    await user.type(b.getByLabelText("Its rotation day"), "A");

    await user.click(b.getByRole("switch", { name: "Different times on each rotation day" }));
    await user.clear(b.getByLabelText("Period 1 start, rotation day A"));
    await user.type(b.getByLabelText("Period 1 start, rotation day A"), "07:40");
    await user.click(b.getByRole("button", { name: "Copy day A's times to day B" }));
    expect(b.getByLabelText("Period 1 start, rotation day B")).toHaveValue("07:40");
    // A period added an hour after the last one overlaps it: refused under the field, in words.
    await user.click(b.getByRole("button", { name: "Add Period to Day B" }));
    await user.click(b.getByRole("button", { name: "Publish Schedule" }));
    expect(await b.findByRole("alert")).toHaveTextContent("Periods must not overlap");
    expect(b.getByLabelText("Period 3 start, rotation day B")).toHaveAttribute("aria-invalid", "true");
    expect(server.sent("PUT /api/admin/school/schedule")).toHaveLength(0);

    // B day: periods 3 and 4 at the morning's times.
    await user.click(b.getByRole("button", { name: "Add Period to Day B" }));
    await user.click(b.getByRole("button", { name: "Remove period 1 from rotation day B" }));
    await user.click(b.getByRole("button", { name: "Remove period 2 from rotation day B" }));
    for (const [label, value] of [
      ["Period 3 start, rotation day B", "07:45"],
      ["Period 3 end, rotation day B", "09:15"],
      ["Period 4 start, rotation day B", "09:25"],
      ["Period 4 end, rotation day B", "10:55"],
    ] as const) {
      await user.clear(b.getByLabelText(label));
      await user.type(b.getByLabelText(label), value);
    }
    await user.click(b.getByRole("switch", { name: "Different periods on each rotation day" }));
    await user.click(b.getByRole("button", { name: "Period 3, rotation day A" }));
    await user.click(b.getByRole("button", { name: "Period 4, rotation day A" }));
    await user.click(b.getByRole("button", { name: "Period 1, rotation day B" }));
    await user.click(b.getByRole("button", { name: "Period 2, rotation day B" }));
    expect(b.getByRole("button", { name: "Period 3, rotation day B" })).toHaveAttribute("aria-pressed", "true");

    // A delay alternate with its own B-day times, two hours later.
    await user.click(b.getByRole("button", { name: "Add Alternate Schedule" }));
    await user.clear(b.getByLabelText("Name"));
    await user.type(b.getByLabelText("Name"), "2-Hour Delay");
    await user.click(b.getAllByRole("switch", { name: "Different times on each rotation day" })[1]!);
    await user.click(b.getByRole("button", { name: "2 hours later" }));
    expect(b.getAllByLabelText("Period 3 start, rotation day B")[1]).toHaveValue("09:45");
    await user.click(b.getByRole("button", { name: "Publish Schedule" }));

    expect(await findToast("Schedule Published", "Schedule Published")).toBeVisible();
    const morning = [
      { period: 3, start: "07:45", end: "09:15" },
      { period: 4, start: "09:25", end: "10:55" },
    ];
    expect(server.body("PUT /api/admin/school/schedule")).toMatchObject({
      bellTimesByDay: {
        A: [
          { period: 1, start: "07:40", end: "09:15" },
          { period: 2, start: "09:25", end: "10:55" },
        ],
        B: morning,
      },
      rotation: { days: ["A", "B"], anchorDate: DELAY_DAY, anchorDay: "A", periodsByDay: { A: [1, 2], B: [3, 4] } },
      alternates: [
        {
          name: "2-Hour Delay",
          bellTimesByDay: {
            B: [
              { period: 3, start: "09:45", end: "11:15" },
              { period: 4, start: "11:25", end: "12:55" },
            ],
          },
        },
      ],
    });
  }, 30_000);

  it("reads a published A/B schedule back into the page: its switches on, each day's times and periods", async () => {
    const schedule: SchoolSchedule = {
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      bellTimes: [
        { period: 1, start: "07:45", end: "09:15" },
        { period: 2, start: "09:25", end: "10:55" },
      ],
      bellTimesByDay: {
        A: [
          { period: 1, start: "07:40", end: "09:15" },
          { period: 2, start: "09:25", end: "10:55" },
        ],
        B: [
          { period: 3, start: "07:45", end: "09:15" },
          { period: 4, start: "09:25", end: "10:55" },
        ],
      },
      rotation: { days: ["A", "B"], anchorDate: DELAY_DAY, anchorDay: "A", periodsByDay: { A: [1, 2], B: [3, 4] } },
    };
    const { bells } = await openSchoolPage({ schedule });
    const b = within(bells);
    expect(b.queryByText("Not published yet", { exact: false })).toBeNull();
    expect(b.getAllByRole("switch", { name: "Different times on each rotation day" })[0]).toBeChecked();
    expect(b.getByLabelText("Period 4 end, rotation day B")).toHaveValue("10:55");
    expect(b.getByRole("button", { name: "Period 1, rotation day B" })).toHaveAttribute("aria-pressed", "false");
    expect(b.getByRole("button", { name: "Period 3, rotation day B" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("the school's events", () => {
  it("adds a delay event: the type picks the delay alternate and says so; what it sends, and the list names the alternate", async () => {
    const schedule: SchoolSchedule = {
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      bellTimes: [{ period: 1, start: "07:45", end: "09:15" }],
      alternates: [{ id: "alternate-1", name: "2-Hour Delay", bellTimes: [{ period: 1, start: "09:45", end: "11:15" }] }],
    };
    const { user, server } = await openSchoolPage({ schedule });
    const events = screen.getByRole("region", { name: "School Events" });
    expect(await within(events).findByText("No events in the coming months")).toBeVisible();
    await user.click(within(events).getByRole("button", { name: "Add Event" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Event" });
    await user.type(within(dialog).getByLabelText("Title"), "Snow: buses two hours late");
    await pickDate(user, within(dialog).getByRole("button", { name: /^Date/ }), DELAY_DAY);
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: /delay/i }));
    // The one alternate that starts later is the delay's (issue 49: it kept "The usual one").
    expect(within(dialog).getByRole("combobox", { name: "Bell schedule" })).toHaveTextContent("2-Hour Delay");
    expect(within(dialog).getByRole("status")).toHaveTextContent("Bell schedule set to “2-Hour Delay” for this event.");
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));

    expect(await findToast("Event Saved", "Event Saved")).toBeVisible();
    expect(server.body("POST /api/admin/school/events")).toMatchObject({
      title: "Snow: buses two hours late",
      date: DELAY_DAY,
      endDate: null,
      alternateId: "alternate-1",
      notify: false,
    });
    const item = (await within(events).findByText("Snow: buses two hours late")).closest("li")!;
    expect(item).toHaveTextContent("2-Hour Delay");
  });

  it("asks before saving a delay on the usual bell times: Cancel sends nothing, Save Anyway saves it", async () => {
    const schedule: SchoolSchedule = {
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      bellTimes: [{ period: 1, start: "07:45", end: "09:15" }],
      alternates: [{ id: "alternate-1", name: "2 hours later", bellTimes: [{ period: 1, start: "09:45", end: "11:15" }] }],
    };
    const { user, server } = await openSchoolPage({ schedule });
    const events = screen.getByRole("region", { name: "School Events" });
    await user.click(await within(events).findByRole("button", { name: "Add Event" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Event" });
    await user.type(within(dialog).getByLabelText("Title"), "Fog delay");
    await pickDate(user, within(dialog).getByRole("button", { name: /^Date/ }), DELAY_DAY);
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: /delay/i }));
    await user.click(within(dialog).getByRole("combobox", { name: "Bell schedule" }));
    await user.click(await screen.findByRole("option", { name: "The usual one" }));
    expect(within(dialog).getByRole("status")).toHaveTextContent("");
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));

    const ask = await screen.findByRole("alertdialog", { name: "Keep the usual bell times?" });
    expect(ask).toHaveTextContent(
      "“Fog delay” is a 2-Hour Delay on the usual bell schedule: students will see the usual times that morning.",
    );
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.sent("POST /api/admin/school/events")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Keep the usual bell times?" })).getByRole("button", { name: "Save Anyway" }),
    );
    expect(await findToast("Event Saved", "Event Saved")).toBeVisible();
    expect(server.body("POST /api/admin/school/events")).toMatchObject({ title: "Fog delay", eventType: "delay", alternateId: null });
  });

  it("takes an end date from the picker, 'Same day' until then; deleting asks first, and Cancel keeps the event", async () => {
    const { user, server } = await openSchoolPage();
    const events = screen.getByRole("region", { name: "School Events" });
    await user.click(within(events).getByRole("button", { name: "Add Event" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Event" });
    await user.type(within(dialog).getByLabelText("Title"), "Field trip");
    await pickDate(user, within(dialog).getByRole("button", { name: /^Date/ }), B_DAY);
    expect(within(dialog).getByRole("button", { name: /^End date/ })).toHaveAccessibleName("End date (optional) Same day");
    await pickDate(user, within(dialog).getByRole("button", { name: /^End date/ }), "2026-12-10");
    expect(within(dialog).getByRole("button", { name: /^End date/ })).toHaveAccessibleName("End date (optional) Dec 10, 2026");
    await user.click(within(dialog).getByRole("button", { name: "Save Event" }));
    expect(await findToast("Event Saved", "Event Saved")).toBeVisible();
    expect(server.body("POST /api/admin/school/events")).toMatchObject({ title: "Field trip", date: B_DAY, endDate: "2026-12-10" });

    await user.click(await within(events).findByRole("button", { name: "Delete Field trip" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete School Event" });
    expect(confirm).toHaveTextContent("Delete “Field trip” from every student's calendar? This cannot be undone.");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(within(events).getByText("Field trip")).toBeVisible();
    expect(server.sent("DELETE /api/admin/school/events/50")).toHaveLength(0);

    await user.click(within(events).getByRole("button", { name: "Delete Field trip" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Delete School Event" })).getByRole("button", { name: "Delete" }),
    );
    expect(await findToast("Event Deleted", "Event Deleted")).toBeVisible();
    await waitFor(() => expect(within(events).queryByText("Field trip")).toBeNull());
    expect(server.sent("DELETE /api/admin/school/events/50")).toHaveLength(1);
  });
});

describe("announcements", () => {
  it("says how many read it in the app when no device has notifications on, and lists the one sent (issue 49)", async () => {
    const { user, server } = await openSchoolPage();
    const section = screen.getByRole("region", { name: "Announcements" });
    await user.type(within(section).getByLabelText("Title"), "Snow tomorrow");
    await user.type(within(section).getByLabelText("Message"), "Buses run two hours late.");
    await user.click(within(section).getByRole("button", { name: "Send Announcement" }));
    expect(await findToast("Announcement Sent", "Announcement Sent")).toBeVisible();
    expect(await within(section).findByRole("status")).toHaveTextContent(
      "Snow tomorrow: In the app: 42 people · No device has notifications on",
    );
    const recent = await within(section).findByRole("list", { name: "Recent Announcements" });
    expect(within(recent).getAllByRole("listitem")[0]).toHaveTextContent("Snow tomorrow");
    // Three days on Home unless staff choose: the last is the third day after it was sent.
    expect(within(recent).getAllByRole("listitem")[0]).toHaveTextContent("On Home until Dec 3, 2026");
    expect(server.body("POST /api/admin/announcements")).toEqual({
      title: "Snow tomorrow",
      body: "Buses run two hours late.",
      audience: "all",
      showDays: 3,
    });
  });

  it("sends to Students, and the progress line moves from still sending to every device sent; the recent list follows", async () => {
    const { user, server, state } = await openSchoolPage();
    // Three devices: the first read finds them all on their way, the next all sent.
    let reads = 0;
    state.progress = (a) => (reads++ === 0 ? { ...a, total: 3, sent: 0, pending: 3 } : { ...a, total: 3, sent: 3, pending: 0 });
    const section = screen.getByRole("region", { name: "Announcements" });
    await user.type(within(section).getByLabelText("Title"), "Early dismissal today");
    await user.type(within(section).getByLabelText("Message"), "School ends at 12:30.");
    await user.click(within(section).getByRole("combobox", { name: "Send to" }));
    await user.click(await screen.findByRole("option", { name: "Students" }));
    await user.click(within(section).getByRole("combobox", { name: "Show on Home for" }));
    await user.click(await screen.findByRole("option", { name: "1 day" }));
    await user.click(within(section).getByRole("button", { name: "Send Announcement" }));
    expect(await findToast("Announcement Sent", "Announcement Sent")).toBeVisible();
    expect(server.body("POST /api/admin/announcements")).toEqual({
      title: "Early dismissal today",
      body: "School ends at 12:30.",
      audience: "students",
      showDays: 1,
    });

    const status = await within(section).findByRole("status");
    await waitFor(() =>
      expect(status).toHaveTextContent("Early dismissal today: In the app: 42 students · Sent to 0 of 3 devices, 3 still sending"),
    );
    await waitFor(() => expect(status).toHaveTextContent("Early dismissal today: In the app: 42 students · Sent to 3 of 3 devices"), {
      timeout: 5000,
    });
    expect(status.textContent).not.toContain("still sending");
    const recent = within(section).getByRole("list", { name: "Recent Announcements" });
    await waitFor(() => expect(within(recent).getAllByRole("listitem")[0]).toHaveTextContent("Sent to 3 of 3 devices"));
  });
  it.each([
    [
      "en",
      "Announcements",
      "Title",
      "Message",
      "Send Announcement",
      "The announcement was not sent",
      "Title is required",
      "Message is required",
    ],
    [
      "es",
      "Anuncios",
      "Título",
      "Mensaje",
      "Enviar anuncio",
      "No se envió el anuncio",
      "El título es obligatorio",
      "El mensaje es obligatorio",
    ],
  ] as const)(
    "%s: says a missing title and message under their fields and in a toast, in the request schema's words, and sends nothing",
    async (locale, region, titleLabel, messageLabel, sendName, notSent, titleRequired, messageRequired) => {
      const { user, server } = await openSchoolPage({ locale });
      const section = screen.getByRole("region", { name: region });
      const title = within(section).getByLabelText(titleLabel);
      const message = within(section).getByLabelText(messageLabel);
      await user.type(message, "   ");
      await user.click(within(section).getByRole("button", { name: sendName }));

      expect(await findToast(notSent, titleRequired)).toBeVisible();
      expect(title).toHaveAttribute("aria-invalid", "true");
      expect(title).toHaveAccessibleDescription(titleRequired);
      expect(message).toHaveAttribute("aria-invalid", "true");
      expect(message).toHaveAccessibleDescription(messageRequired);
      expect(server.sent("POST /api/admin/announcements")).toHaveLength(0);
      if (locale === "es") expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);

      // Editing a field clears its message; the other keeps its own until the next send.
      await user.type(title, "Snow tomorrow");
      expect(title).toHaveAttribute("aria-invalid", "false");
      expect(message).toHaveAccessibleDescription(messageRequired);
      await user.type(message, "Buses run late.");
      await user.click(within(section).getByRole("button", { name: sendName }));
      await waitFor(() => expect(server.sent("POST /api/admin/announcements")).toHaveLength(1));
      expect(server.body("POST /api/admin/announcements")).toEqual({
        title: "Snow tomorrow",
        body: "Buses run late.",
        audience: "all",
        showDays: 3,
      });
    },
  );
});

describe("the page in Spanish", () => {
  it("reads in Spanish, the per-day switches, tables and copy too", async () => {
    const { user, bells } = await openSchoolPage({ locale: "es" });
    expect(screen.getByRole("heading", { level: 1, name: "Jornada escolar" })).toBeVisible();
    expect(await screen.findByText("Anuncios recientes")).toBeVisible();
    expect(await screen.findByText("No hay eventos en los próximos meses")).toBeVisible();
    const b = within(bells);
    await user.type(b.getByLabelText("Días de la rotación, separados por comas (A, B)"), "A, B");
    await user.click(b.getByRole("switch", { name: "Horarios distintos en cada día de la rotación" }));
    await user.click(b.getByRole("switch", { name: "Periodos distintos en cada día de la rotación" }));
    expect(b.getByRole("button", { name: "Copiar el horario del día A al día B" })).toBeVisible();
    expect(b.getByLabelText("Inicio del periodo 1, día de rotación B")).toHaveValue("08:00");
    await waitFor(() => expect(document.title).toBe("Jornada escolar · Student Hub"));
    expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);
  });
});
