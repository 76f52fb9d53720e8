import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AgendaDay } from "@core/schemas/school";
import { englishIn, rowsOf } from "@/test/calendar";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/school-home.spec.ts and e2e/school-day.spec.ts (docs/decisions/120): Home's
// Today's Schedule on a school day (GET /api/user/agenda answered as the server works it out:
// server/routes/agenda.test.ts proves it does) and the "From your school" card.

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** Monday, Dec 7, 2026: a 2-hour delay, on the school's alternate bell schedule. */
const DELAY_DAY = "2026-12-07";
const ENGLISH = {
  delay: "2-Hour Delay",
  notice: "Snow: buses two hours late",
  concert: "Winter concert",
  first: "Mathematics",
  second: "Science",
};
const SPANISH = {
  delay: "Retraso de 2 horas",
  notice: "Nieve: autobuses dos horas tarde",
  concert: "Concierto de invierno",
  first: "Álgebra",
  second: "Biología",
};

/**
 * The school's A/B schedule: the usual day 7:45 to 9:15 and 9:25 to 10:55; the delay day 9:45 to
 * 10:25 and 10:35 to 11:15 with the alternate's name, a delay event and a concert in the evening.
 */
function schoolAgenda(names: typeof ENGLISH) {
  return (date: string): AgendaDay => {
    const schoolDay = isWeekday(date);
    const delay = date === DELAY_DAY;
    return {
      date,
      schoolDay,
      offLabel: null,
      rotationDay: schoolDay ? "A" : null,
      bellSchedule: delay ? { id: "delay", name: names.delay } : null,
      classes: !schoolDay
        ? []
        : delay
          ? [
              { period: 1, name: names.first, start: "09:45", end: "10:25" },
              { period: 2, name: names.second, start: "10:35", end: "11:15" },
            ]
          : [
              { period: 1, name: names.first, start: "07:45", end: "09:15" },
              { period: 2, name: names.second, start: "09:25", end: "10:55" },
            ],
      schoolEvents: delay
        ? [
            { id: 7, title: names.notice, time: null, eventType: "delay" },
            { id: 8, title: names.concert, time: "18:00", eventType: "other" },
          ]
        : [],
    } as AgendaDay;
  };
}

/**
 * A student's own school day (e2e/school-day.spec.ts's SCHEDULE, as the server works it out):
 * periods 1-8 of 50 minutes from 8:00 with 5 between; Monday, December 7 an A day, A and B in
 * turn on school days; B days meet periods 5 to 8 only; Winter break from December 21 to January 1.
 */
const CLASSES = ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"];
function ownAgenda(date: string): AgendaDay {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  const breakDay = date >= "2026-12-21" && date <= "2027-01-01";
  const schoolDay = isWeekday(date) && !breakDay;
  let rotationDay: string | null = null;
  if (schoolDay) {
    let n = 0;
    for (let d = "2026-12-07"; d < date; d = addDays(d, 1)) if (isWeekday(d) && !(d >= "2026-12-21" && d <= "2027-01-01")) n++;
    rotationDay = n % 2 === 0 ? "A" : "B";
  }
  const periods = rotationDay === "B" ? [5, 6, 7, 8] : [1, 2, 3, 4, 5, 6, 7, 8];
  return {
    date,
    schoolDay,
    offLabel: breakDay ? "Winter break" : null,
    rotationDay,
    bellSchedule: null,
    classes: schoolDay
      ? periods.map((period) => ({
          period,
          name: CLASSES[period - 1]!,
          start: hhmm(480 + (period - 1) * 55),
          end: hhmm(530 + (period - 1) * 55),
        }))
      : [],
    schoolEvents: [],
  };
}

async function openHome(
  now: string,
  agenda: (date: string) => AgendaDay,
  { announcements, ...options }: { announcements?: unknown; locale?: "es"; userClasses?: string[] } = {},
) {
  const server = new FakeServer();
  server.agendaDay = agenda;
  if (announcements !== undefined) server.answer("GET /api/school/announcements", announcements);
  const user = student({
    userClasses: options.userClasses ?? CLASSES,
    ...(options.locale ? { firstName: "Lucía", locale: options.locale } : {}),
  });
  const rendered = await renderApp("/", { server, user, now: `${now}-05:00`, locale: options.locale });
  const schedule = await screen.findByRole("region", { name: options.locale ? "Horario de hoy" : "Today's Schedule" }, { timeout: 30_000 });
  return { ...rendered, schedule };
}

/** The row of the schedule's list that holds `text`. */
async function row(schedule: HTMLElement, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = within(schedule)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`No row with "${text}": ${rowsOf(schedule).join(" | ")}`);
    return found;
  });
}

describe("Today's Schedule on the school's schedule", { timeout: 60_000 }, () => {
  it("a delay day: the alternate's name and times, Now/Next, and the school's events with their School badge", async () => {
    const { schedule } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(ENGLISH), {
      announcements: reply(404, { message: "Not found", code: "server.not_found" }),
      userClasses: ["Mathematics", "Science"],
    });
    expect(await within(schedule).findByText("A day · 2-Hour Delay schedule", { exact: true })).toBeVisible();
    const math = await row(schedule, "Mathematics");
    expect(math).toHaveTextContent("9:45 AM");
    expect(math).toHaveTextContent("Now · 35 min left");
    expect(await row(schedule, "Science")).toHaveTextContent("Next");
    // The delay leads the day; the concert takes its place by the clock, after the classes.
    const rows = rowsOf(schedule);
    expect(rows[0]).toContain("Snow: buses two hours late");
    expect(rows[0]).toContain("School");
    expect(rows.at(-1)).toContain("Winter concert");
    expect(rows.at(-1)).toContain("6:00 PM");
    expect(rows.at(-1)).toContain("School");
    // No announcements route (404): no card.
    expect(screen.queryByRole("region", { name: "From your school" })).toBeNull();
  });

  it("the usual day names no bell schedule", async () => {
    const { schedule } = await openHome("2026-12-08T08:00", schoolAgenda(ENGLISH), { userClasses: ["Mathematics", "Science"] });
    expect(await within(schedule).findByText("A day", { exact: true })).toBeVisible();
    expect(await row(schedule, "Mathematics")).toHaveTextContent("7:45 AM");
    expect(within(schedule).queryByText(/schedule$/)).toBeNull();
  });

  it("in Spanish: the delay day and the School badge", async () => {
    const { schedule } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(SPANISH), {
      locale: "es",
      userClasses: ["Álgebra", "Biología"],
      announcements: [{ id: 30, title: "Plan para la nieve", body: "Mira aquí si nieva.", createdAt: "2026-12-06T14:00:00Z" }],
    });
    expect(await within(schedule).findByText("Día A · Horario de timbres: Retraso de 2 horas", { exact: true })).toBeVisible();
    expect(await row(schedule, "Concierto de invierno")).toHaveTextContent("Escuela");
    const card = await screen.findByRole("region", { name: "De tu escuela" });
    expect(card).toHaveTextContent("Plan para la nieve");
    const typed = ["Lucía", "Patel", "maya@example.com", ...Object.values(SPANISH), "Plan para la nieve", "Mira aquí si nieva."];
    expect(englishIn(document.body, typed)).toEqual([]);
  });
});

describe("an alternate the app named", { timeout: 60_000 }, () => {
  it("reads in the reader's language, whatever the language of the staff member who added it (issue 49)", async () => {
    const { schedule } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda({ ...SPANISH, delay: "2 hours later" }), {
      locale: "es",
      userClasses: ["Álgebra", "Biología"],
    });
    expect(await within(schedule).findByText("Día A · Horario de timbres: 2 horas más tarde", { exact: true })).toBeVisible();
  });

  it("and the other way round", async () => {
    const { schedule } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda({ ...ENGLISH, delay: "2 horas más tarde" }));
    expect(await within(schedule).findByText("A day · 2 hours later schedule", { exact: true })).toBeVisible();
  });
});

describe("“From your school”", { timeout: 60_000 }, () => {
  const ANNOUNCEMENTS = [
    { id: 21, title: "Snow day plan", body: "If it snows, watch this space.", createdAt: "2026-12-05T14:00:00Z" },
    { id: 20, title: "Picture day", body: "Smile!", createdAt: "2026-11-27T14:00:00Z" },
  ];

  it("lists the week's announcements; one dismissed stays dismissed on this device", async () => {
    const { user, unmount } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(ENGLISH), { announcements: ANNOUNCEMENTS });
    const card = await screen.findByRole("region", { name: "From your school" });
    expect(card).toHaveTextContent("Snow day plan");
    expect(card).toHaveTextContent("If it snows, watch this space.");
    // Ten days old: past the card's week.
    expect(card).not.toHaveTextContent("Picture day");
    await user.click(within(card).getByRole("button", { name: "Dismiss “Snow day plan”" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "From your school" })).toBeNull());

    // Opened again on this device (its storage kept): still dismissed.
    unmount();
    const again = await openHome(`${DELAY_DAY}T09:55`, schoolAgenda(ENGLISH), { announcements: ANNOUNCEMENTS });
    expect(await within(again.schedule).findByText("A day · 2-Hour Delay schedule")).toBeVisible();
    expect(screen.queryByRole("region", { name: "From your school" })).toBeNull();
  });

  it("an announcement of a school event says when, and leaves Home once the event has passed (issue 49)", async () => {
    const announcements = [
      {
        id: 23,
        title: "Winter concert",
        body: "",
        createdAt: "2026-10-01T14:00:00Z",
        shownUntil: "2026-12-08T05:00:00Z",
        event: { date: DELAY_DAY, endDate: null, time: "19:00" },
      },
      // Sent within the week, but its event is over.
      {
        id: 22,
        title: "Picture day Monday",
        body: "",
        createdAt: "2026-12-04T14:00:00Z",
        shownUntil: "2026-12-07T05:00:00Z",
        event: { date: "2026-12-06", endDate: null, time: null },
      },
    ];
    await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(ENGLISH), { announcements });
    const card = await screen.findByRole("region", { name: "From your school" });
    expect(card).toHaveTextContent("Winter concert");
    expect(card).toHaveTextContent("Mon, Dec 7, 2026 · 7:00 PM");
    expect(card).not.toHaveTextContent("Picture day");
  });

  it("says when in Spanish", async () => {
    await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(SPANISH), {
      locale: "es",
      userClasses: ["Álgebra", "Biología"],
      announcements: [
        {
          id: 31,
          title: "Concierto de invierno",
          body: "",
          createdAt: "2026-12-01T14:00:00Z",
          shownUntil: "2026-12-10T05:00:00Z",
          event: { date: DELAY_DAY, endDate: "2026-12-09", time: "13:00" },
        },
      ],
    });
    const card = await screen.findByRole("region", { name: "De tu escuela" });
    expect(card).toHaveTextContent("lun, 7 dic 2026 – mié, 9 dic 2026 · 1:00 p. m.");
  });

  it("is dismissed in Spanish too", async () => {
    const { user } = await openHome(`${DELAY_DAY}T09:50`, schoolAgenda(SPANISH), {
      locale: "es",
      userClasses: ["Álgebra", "Biología"],
      announcements: [{ id: 30, title: "Plan para la nieve", body: "Mira aquí si nieva.", createdAt: "2026-12-06T14:00:00Z" }],
    });
    const card = await screen.findByRole("region", { name: "De tu escuela" });
    await user.click(within(card).getByRole("button", { name: "Descartar «Plan para la nieve»" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "De tu escuela" })).toBeNull());
  });
});

describe("Today's Schedule on the student's own A/B school day", { timeout: 60_000 }, () => {
  it("during a class: Now with the minutes left, and Next", async () => {
    const { schedule } = await openHome("2026-12-07T08:20", ownAgenda);
    expect(await within(schedule).findByText("A day", { exact: true })).toBeVisible();
    const math = await row(schedule, "Mathematics");
    expect(math).toHaveTextContent("Now · 30 min left");
    expect(math).toHaveTextContent("8:00 AM");
    expect(await row(schedule, "Science")).toHaveTextContent("Next");
  });

  it("between classes: only Next", async () => {
    const { schedule } = await openHome("2026-12-07T08:52", ownAgenda);
    expect(await row(schedule, "Science")).toHaveTextContent("Next");
    expect(within(schedule).queryByText(/^Now/)).toBeNull();
  });

  it("after school: the next school day's first classes", async () => {
    const { schedule } = await openHome("2026-12-07T16:00", ownAgenda);
    const next = await within(schedule).findByRole("group", { name: "Next school day" });
    expect(next).toHaveTextContent("Next school day: Tuesday, Dec 8, 2026 (B day)");
    expect(next).toHaveTextContent("11:40 AM · Chemistry");
  });

  it("on a weekend it says so, with the next school day", async () => {
    const { schedule } = await openHome("2026-12-12T10:00", ownAgenda);
    expect(await within(schedule).findByText("No school today", { exact: true })).toBeVisible();
    expect(await within(schedule).findByRole("group", { name: "Next school day" })).toHaveTextContent("Monday, Dec 14, 2026 (B day)");
  });

  it("on a day off it names it, and the next school day after the break", async () => {
    const { schedule } = await openHome("2026-12-22T10:00", ownAgenda);
    expect(await within(schedule).findByText("No school today: Winter break")).toBeVisible();
    expect(await within(schedule).findByRole("group", { name: "Next school day" })).toHaveTextContent("Monday, Jan 4, 2027");
  });

  it("a B day lists only the periods that meet on B days", async () => {
    const { schedule } = await openHome("2026-12-08T07:30", ownAgenda);
    expect(await within(schedule).findByText("B day", { exact: true })).toBeVisible();
    expect(await row(schedule, "Chemistry")).toHaveTextContent("Next");
    expect(await row(schedule, "Biology")).toBeVisible();
    expect(rowsOf(schedule).some((text) => text.includes("Mathematics"))).toBe(false);
  });
});
