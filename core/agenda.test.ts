import { Temporal } from "temporal-polyfill";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agendaIsSet, nextAgendaSchoolDay } from "./agenda";
import { agendaDays } from "./agenda-days";
import { addDaysToDate, todayIn, weekdayOfDate, zonedParts } from "./dates";
import { type SchoolSchedule, schoolDayOf, todaysAgenda } from "./school-day";
import type { AgendaDay, SchoolEvent } from "./schemas/school";

/** A plain agenda day: a school day from Monday to Friday, untimed classes, nothing else. */
function plain(date: string, changes: Partial<AgendaDay> = {}): AgendaDay {
  const weekday = weekdayOfDate(date);
  const schoolDay = weekday >= 1 && weekday <= 5;
  return {
    date,
    schoolDay,
    offLabel: null,
    rotationDay: null,
    bellSchedule: null,
    classes: schoolDay ? [{ period: 1, name: "Chemistry", start: null, end: null }] : [],
    schoolEvents: [],
    ...changes,
  };
}

// Monday, Dec 7, 2026, and the 13 days after it.
const week = Array.from({ length: 14 }, (_, i) => plain(addDaysToDate("2026-12-07", i)));

describe("agendaIsSet", () => {
  it("is false for the default schedule's agenda, school events included", () => {
    expect(agendaIsSet(week)).toBe(false);
    const withEvent = week.map((d, i) =>
      i === 2 ? { ...d, schoolEvents: [{ id: 1, title: "Game", time: null, eventType: "other" }] } : d,
    );
    expect(agendaIsSet(withEvent)).toBe(false);
    expect(agendaIsSet([])).toBe(false);
  });

  it.each<[string, Partial<AgendaDay>]>([
    ["a timed class", { classes: [{ period: 1, name: "Chemistry", start: "07:45", end: "09:15" }] }],
    ["a rotation day", { rotationDay: "A" }],
    ["a named day off", { schoolDay: false, offLabel: "Winter break", classes: [] }],
    ["an alternate bell schedule", { bellSchedule: { id: "delay", name: "2-Hour Delay" } }],
    ["a weekday that is not a school day", { schoolDay: false, classes: [] }],
  ])("is true with %s on one date", (_, change) => {
    expect(agendaIsSet(week.map((d, i) => (i === 3 ? { ...d, ...change } : d)))).toBe(true);
  });

  it("is true with a Saturday that is a school day", () => {
    // Index 5 is Saturday, Dec 12.
    expect(agendaIsSet(week.map((d, i) => (i === 5 ? { ...d, schoolDay: true } : d)))).toBe(true);
  });
});

describe("nextAgendaSchoolDay", () => {
  it("skips the weekend and days off, and is null past the range", () => {
    expect(nextAgendaSchoolDay(week, "2026-12-11")?.date).toBe("2026-12-14");
    const off = week.map((d) => (d.date === "2026-12-14" ? { ...d, schoolDay: false, offLabel: "Break", classes: [] } : d));
    expect(nextAgendaSchoolDay(off, "2026-12-11")?.date).toBe("2026-12-15");
    expect(nextAgendaSchoolDay(week, "2026-12-18")).toBeNull();
  });
});

/**
 * The agenda across zones and DST changes (issue 36): the engine works on calendar dates and
 * wall-clock times, so every zone's DST week reads the same, whatever zone the device is in; and
 * "today" and "now" read from an instant in the school's zone land on the right date and class.
 */
describe("the agenda in several zones, across a DST change", () => {
  /** Each zone with a 2027 Sunday on which its clocks change (UTC: none, a plain Sunday). */
  const ZONES: [zone: string, dstSunday: string, springForward: boolean][] = [
    ["America/New_York", "2027-03-14", true],
    ["America/New_York", "2027-11-07", false],
    ["Europe/Madrid", "2027-03-28", true],
    ["Europe/Madrid", "2027-10-31", false],
    ["Pacific/Auckland", "2027-04-04", false],
    ["Pacific/Auckland", "2027-09-26", true],
    ["UTC", "2027-03-28", false],
  ];
  const DEVICE_ZONES = ["America/New_York", "Europe/Madrid", "Pacific/Auckland", "UTC"];
  const CLASSES = ["Math", "English", "History", "Science", "Art", "Music", "Spanish", "Gym"];
  const morning = (first: number) => [
    { period: first, start: "07:45", end: "09:15" },
    { period: first + 1, start: "09:25", end: "10:55" },
    { period: first + 2, start: "11:35", end: "13:05" },
    { period: first + 3, start: "13:15", end: "14:45" },
  ];
  const delayed = (first: number) => [
    { period: first, start: "09:45", end: "10:50" },
    { period: first + 1, start: "11:00", end: "12:05" },
    { period: first + 2, start: "12:45", end: "13:50" },
    { period: first + 3, start: "14:00", end: "14:45" },
  ];
  const day = (dstSunday: string, offset: number) => addDaysToDate(dstSunday, offset);

  /** A/B blocks Monday to Friday, per-day times, a delay alternate, anchored on the Monday before the change; a day off that Friday. */
  function abSchedule(dstSunday: string): SchoolSchedule {
    return {
      bellTimes: morning(1),
      bellTimesByDay: { B: morning(5) },
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      rotation: { days: ["A", "B"], anchorDate: day(dstSunday, -6), anchorDay: "A", periodsByDay: { A: [1, 2, 3, 4], B: [5, 6, 7, 8] } },
      daysOff: [{ from: day(dstSunday, -2), to: day(dstSunday, -2), label: "Staff day" }],
      alternates: [{ id: "delay", name: "2-Hour Delay", bellTimes: delayed(1), bellTimesByDay: { B: delayed(5) } }],
    };
  }
  /** Sunday to Thursday (the change's own Sunday a school day), a three-day cycle, no days off. */
  function sundaySchedule(dstSunday: string): SchoolSchedule {
    return {
      bellTimes: morning(1),
      schoolDays: ["sunday", "monday", "tuesday", "wednesday", "thursday"],
      rotation: { days: ["Day 1", "Day 2", "Day 3"], anchorDate: day(dstSunday, -7), anchorDay: "Day 1" },
    };
  }
  /** The delay: the Tuesday after the change (a B day), as the school's event. */
  const delayEvent = (dstSunday: string): SchoolEvent => ({
    id: 7,
    title: "Ice delay",
    description: null,
    date: day(dstSunday, 2),
    endDate: null,
    time: null,
    eventType: "delay",
    alternateId: "delay",
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  describe.each(ZONES)("%s around %s", (zone, dstSunday, springForward) => {
    it("reads the same A/B week, days off, rotation and delay whatever zone the device is in", () => {
      const answers = DEVICE_ZONES.map((deviceZone) => {
        vi.stubEnv("TZ", deviceZone);
        // The device's zone really is another one for this answer.
        expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(deviceZone);
        return agendaDays(abSchedule(dstSunday), true, CLASSES, [delayEvent(dstSunday)], day(dstSunday, -6), day(dstSunday, 7));
      });
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      const days = answers[0]!;
      expect(days.map((d) => d.rotationDay ?? "-").join("")).toBe("ABAB---ABABA--");
      const at = (offset: number) => days.find((d) => d.date === day(dstSunday, offset))!;
      expect(at(-2)).toMatchObject({ schoolDay: false, offLabel: "Staff day", classes: [] });
      expect(at(0)).toMatchObject({ schoolDay: false, offLabel: null, classes: [] });
      // The Monday after the change: an A day at the usual wall-clock times, not an hour off.
      expect(at(1).classes.map((c) => `${c.name} ${c.start}-${c.end}`)).toEqual([
        "Math 07:45-09:15",
        "English 09:25-10:55",
        "History 11:35-13:05",
        "Science 13:15-14:45",
      ]);
      // The delay's Tuesday is a B day: periods 5-8 at the delay's B-day times.
      expect(at(2).bellSchedule).toEqual({ id: "delay", name: "2-Hour Delay" });
      expect(at(2).classes.map((c) => `${c.name} ${c.start}-${c.end}`)).toEqual([
        "Art 09:45-10:50",
        "Music 11:00-12:05",
        "Spanish 12:45-13:50",
        "Gym 14:00-14:45",
      ]);
      expect(at(2).schoolEvents).toEqual([{ id: 7, title: "Ice delay", time: null, eventType: "delay" }]);
      // The next B day follows the usual bells again.
      expect(at(4).bellSchedule).toBeNull();
      expect(at(4).classes[0]).toEqual({ period: 5, name: "Art", start: "07:45", end: "09:15" });
      // An anchor a year before (52 weeks of school days) with a snow day between: one step fewer, so B where A was.
      const base = abSchedule(dstSunday);
      const farAnchor: SchoolSchedule = {
        ...base,
        rotation: { ...base.rotation!, anchorDate: day(dstSunday, -370) },
        daysOff: [...base.daysOff!, { from: day(dstSunday, -100), to: day(dstSunday, -100), label: "Snow day" }],
      };
      expect(schoolDayOf(farAnchor, day(dstSunday, -370))).toEqual({ off: false, rotationDay: "A" });
      const far = agendaDays(farAnchor, true, CLASSES, [], day(dstSunday, -6), day(dstSunday, 7));
      expect(far.map((d) => d.rotationDay ?? "-").join("")).toBe("BABA---BABAB--");
    });

    it("puts the change's own Sunday in the rotation of a Sunday-to-Thursday school", () => {
      vi.stubEnv(
        "TZ",
        DEVICE_ZONES.find((z) => z !== zone)!,
      );
      const days = agendaDays(sundaySchedule(dstSunday), true, CLASSES.slice(0, 4), [], day(dstSunday, -7), day(dstSunday, 6));
      expect(days.map((d) => (d.rotationDay ?? "-").replace("Day ", "")).join("")).toBe("12312--31231--");
      expect(days[7]!.classes.map((c) => c.start)).toEqual(["07:45", "09:25", "11:35", "13:15"]);
    });

    it("reads today and the class meeting now from an instant in the school's zone, on the change's Sunday", () => {
      vi.stubEnv(
        "TZ",
        DEVICE_ZONES.find((z) => z !== zone)!,
      );
      const days = agendaDays(sundaySchedule(dstSunday), true, CLASSES.slice(0, 4), [], day(dstSunday, -1), day(dstSunday, 1));
      const instant = (date: string, time: string) =>
        new Date(Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).epochMilliseconds);
      const nowAt = (at: Date) => {
        const { hour, minute } = zonedParts(at, zone);
        return { today: todayIn(zone, at), time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` };
      };
      const status = (at: Date) => {
        const { today, time } = nowAt(at);
        const meetings = days.find((d) => d.date === today)!.classes;
        const rows = todaysAgenda(
          [],
          meetings,
          time,
          () => false,
          () => "",
        );
        const of = (s: string) => {
          const row = rows.find((r) => r.kind === "class" && r.status === s);
          return row?.kind === "class" ? row.meeting.name : null;
        };
        return { today, time, now: of("now"), next: of("next") };
      };
      // Wall-clock times on the change's Sunday are the class's, whatever the offset that day.
      expect(status(instant(dstSunday, "07:50"))).toEqual({ today: dstSunday, time: "07:50", now: "Math", next: "English" });
      expect(status(instant(dstSunday, "13:20"))).toEqual({ today: dstSunday, time: "13:20", now: "Science", next: null });
      // Just before midnight, and just after it, in the school's zone: the date turns there, not in UTC.
      expect(status(instant(day(dstSunday, -1), "23:59")).today).toBe(day(dstSunday, -1));
      expect(status(instant(dstSunday, "00:01")).today).toBe(dstSunday);
      // Six hours after 00:30 on the change's day: 06:30 in UTC's day, 07:30 after a fall back, 05:30 after a spring forward.
      const sixHoursLater = new Date(instant(dstSunday, "00:30").getTime() + 6 * 3600_000);
      const expected = zone === "UTC" ? "06:30" : springForward ? "07:30" : "05:30";
      expect(status(sixHoursLater)).toMatchObject({ today: dstSunday, time: expected, now: null, next: "Math" });
    });
  });
});
