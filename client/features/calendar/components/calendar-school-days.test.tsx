import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AgendaDay } from "@core/schemas/school";
import { dayName, englishIn, findDay, nextMonth, openDay, rowsOf } from "@/test/calendar";
import { FakeServer, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/calendar-school.spec.ts and e2e/school-day.spec.ts (docs/decisions/120): the
// school's day on the Calendar tab (issue 36, decision 112), from GET /api/user/agenda answered as
// the server works it out (server/routes/agenda.test.ts proves it does): a day off, a 2-hour delay
// alternate, school events (a two-day one), rotation letters. Today is Monday, December 7, 2026.

const NOW = "2026-12-07T08:00:00-05:00";
const CONCERT_DAY = "2026-12-08";
const DAY_OFF = "2026-12-09";
const DELAY_DAY = "2026-12-10";

type Words = { concert: string; dayOff: string; delay: string; delayEvent: string; fair: string };
const ENGLISH: Words = {
  concert: "Winter concert",
  dayOff: "Teacher Workday",
  delay: "2-Hour Delay",
  delayEvent: "Snow: buses late",
  fair: "Book fair",
};
const SPANISH: Words = {
  concert: "Concierto de invierno",
  dayOff: "Jornada docente",
  delay: "Retraso de 2 horas",
  delayEvent: "Nieve: autobuses tarde",
  fair: "Feria del libro",
};

const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** The school's published week: a day off, a delay day on its alternate, a concert, and a book fair over two days. */
function schoolAgenda(words: Words) {
  return (date: string): AgendaDay => ({
    date,
    schoolDay: isWeekday(date) && date !== DAY_OFF,
    offLabel: date === DAY_OFF ? words.dayOff : null,
    rotationDay: null,
    bellSchedule: date === DELAY_DAY ? { id: "delay", name: words.delay } : null,
    classes: [],
    schoolEvents: [
      ...(date === CONCERT_DAY ? [{ id: 1, title: words.concert, time: "18:00", eventType: "custom" }] : []),
      ...(date === DELAY_DAY ? [{ id: 2, title: words.delayEvent, time: null, eventType: "delay" }] : []),
      ...(date === DELAY_DAY || date === "2026-12-11" ? [{ id: 3, title: words.fair, time: null, eventType: "custom" }] : []),
    ] as AgendaDay["schoolEvents"],
  });
}

async function openCalendar(agenda: (date: string) => AgendaDay, locale?: "es") {
  const server = new FakeServer();
  server.agendaDay = agenda;
  const user = locale ? student({ firstName: "Lucía", lastName: "Gómez", locale, userClasses: ["Álgebra", "Biología"] }) : student();
  const rendered = await renderApp("/#calendar", { server, user, locale, now: NOW });
  // The dashboard's and the calendar's code load lazily: slower than a query's 5 s on a busy 2-core machine.
  await screen.findByRole("grid", undefined, { timeout: 30_000 });
  return rendered;
}

const agendaReads = (server: FakeServer) =>
  server.sent("GET /api/user/agenda").map((request) => `${request.query.get("from")}..${request.query.get("to")}`);

describe("the school's day on the Calendar tab", { timeout: 60_000 }, () => {
  it("marks the day off and the school's events in the grid, with one agenda read for the shown weeks", async () => {
    const { server } = await openCalendar(schoolAgenda(ENGLISH));
    await waitFor(async () => expect(await dayName(DAY_OFF)).toBe("Wednesday, December 9, 2026 (Teacher Workday), No items"));
    const dayOff = await findDay(DAY_OFF);
    // A phone's narrow cell shows a marker named by its title, a wider one the name (CSS shows one).
    expect(within(dayOff).getByTestId("day-off-marker")).toHaveAttribute("title", "Teacher Workday");
    expect(within(dayOff).getByTestId("day-note")).toHaveTextContent("Teacher Workday");
    expect(await dayName(CONCERT_DAY)).toMatch(/1 item: Winter concert \(school event\)$/);
    expect((await findDay(CONCERT_DAY)).querySelector("[data-school]")).toHaveTextContent("Winter concert");
    expect(await dayName(DELAY_DAY)).toMatch(/Book fair \(school event\)/);
    expect(await dayName("2026-12-11")).toMatch(/1 item: Book fair \(school event\)$/);
    // One read for the shown weeks (Nov 29 to Jan 2), which also serves Next 5 Days.
    expect(agendaReads(server)).toEqual(["2026-11-29..2027-01-02"]);
  });

  it("lists the school's events with their School badge and the day off in Next 5 Days", async () => {
    await openCalendar(schoolAgenda(ENGLISH));
    const card = screen.getByRole("region", { name: "Next 5 Days" });
    const item = (text: string) =>
      waitFor(() => {
        const found = within(card)
          .getAllByRole("listitem")
          .find((li) => li.textContent?.includes(text));
        if (!found) throw new Error(`No "${text}" in Next 5 Days: ${rowsOf(card).join(" | ")}`);
        return found;
      });
    const concert = await item("Winter concert");
    expect(concert).toHaveTextContent("6:00 PM");
    expect(concert).toHaveTextContent("School");
    expect(await item("Teacher Workday")).toHaveTextContent("Day Off");
    expect(await item("Snow: buses late")).toHaveTextContent("School");
  });

  it("shows a school event read-only in the day's detail, and names the delay day's bell schedule and the day off", async () => {
    const { user } = await openCalendar(schoolAgenda(ENGLISH));
    await waitFor(async () => expect(await dayName(CONCERT_DAY)).toMatch(/Winter concert/));
    let dialog = await openDay(user, CONCERT_DAY);
    const concert = within(dialog)
      .getAllByRole("listitem")
      .find((li) => li.textContent?.includes("Winter concert"))!;
    expect(concert).toHaveTextContent("6:00 PM");
    expect(concert).toHaveTextContent("Custom Event");
    expect(concert).toHaveTextContent("School");
    expect(within(dialog).queryByRole("button", { name: /Winter concert/ })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    dialog = await openDay(user, DELAY_DAY);
    expect(within(dialog).getByText("Thursday · 2-Hour Delay schedule · 2 items", { exact: true })).toBeVisible();
    expect(rowsOf(dialog)[0]).toContain("Snow: buses late");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    dialog = await openDay(user, DAY_OFF);
    expect(within(dialog).getByText("Wednesday · No school: Teacher Workday · No items", { exact: true })).toBeVisible();
  });

  it("reads another month's weeks once on turning to it; Next 5 Days keeps the school's", async () => {
    const { server, user } = await openCalendar(schoolAgenda(ENGLISH));
    await waitFor(() => expect(agendaReads(server)).toEqual(["2026-11-29..2027-01-02"]));
    await nextMonth(user, "January 2027");
    await waitFor(() => expect(agendaReads(server)).toEqual(["2026-11-29..2027-01-02", "2026-12-27..2027-02-06"]));
    expect(screen.getByRole("region", { name: "Next 5 Days" })).toHaveTextContent("Winter concert");
    expect(await dayName("2026-12-30")).toMatch(/No items$/);
  });

  it("reads in Spanish", async () => {
    const { user } = await openCalendar(schoolAgenda(SPANISH), "es");
    const typed = ["Lucía", "Gómez", "maya@example.com", "Álgebra", "Biología", ...Object.values(SPANISH)];
    await waitFor(async () => expect(await dayName(DAY_OFF, "es")).toMatch(/^Miércoles, 9 de diciembre de 2026 \(Jornada docente\), /));
    expect(await dayName(CONCERT_DAY, "es")).toMatch(/Concierto de invierno \(evento escolar\)$/);
    const card = screen.getByRole("region", { name: "Próximos 5 días" });
    await waitFor(() => expect(card).toHaveTextContent("Día libre"));
    const rows = rowsOf(card);
    expect(rows.find((text) => text.includes("Concierto de invierno"))).toContain("Escuela");
    expect(rows.find((text) => text.includes("Jornada docente"))).toContain("Día libre");
    expect(englishIn(document.body, typed)).toEqual([]);

    const dialog = await openDay(user, DELAY_DAY, "es");
    expect(dialog).toHaveTextContent("Horario de timbres: Retraso de 2 horas");
    expect(rowsOf(dialog).find((text) => text.includes("Feria del libro"))).toContain("Escuela");
    expect(englishIn(document.body, typed)).toEqual([]);
  });
});

describe("the student's own A/B school day on the Calendar tab", { timeout: 60_000 }, () => {
  /** Monday, December 7 an A day, A and B in turn on school days; Winter break from December 21. */
  const own = (date: string): AgendaDay => {
    const breakDay = date >= "2026-12-21" && date <= "2027-01-01";
    const schoolDay = isWeekday(date) && !breakDay;
    const weekdaysSince = Math.round((Date.parse(date) - Date.parse("2026-12-07")) / 86_400_000);
    const schoolDaysSince = Math.floor(weekdaysSince / 7) * 5 + (weekdaysSince % 7);
    return {
      date,
      schoolDay,
      offLabel: breakDay ? "Winter break" : null,
      rotationDay: schoolDay && date >= "2026-12-07" && date < "2026-12-21" ? (schoolDaysSince % 2 === 0 ? "A" : "B") : null,
      bellSchedule: null,
      classes: [],
      schoolEvents: [],
    };
  };

  it("shows the A/B letters and the day off in the grid, and the day's detail names them", async () => {
    const { user } = await openCalendar(own);
    const note = async (date: string) => within(await findDay(date)).queryByTestId("day-note")?.textContent ?? null;
    await waitFor(async () => expect(await note("2026-12-07")).toBe("A"));
    expect(await note("2026-12-08")).toBe("B");
    expect(await note("2026-12-12")).toBeNull();
    expect(await note("2026-12-14")).toBe("B");
    expect(await note("2026-12-22")).toBe("Winter break");
    const dialog = await openDay(user, "2026-12-08");
    expect(dialog).toHaveTextContent("Tuesday · B day");
  });
});
