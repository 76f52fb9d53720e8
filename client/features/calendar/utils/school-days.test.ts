import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as englishApp } from "@core/i18n/compiled/en/app";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { messages as englishCalendar } from "@core/i18n/compiled/en/calendar";
import { messages as spanishCalendar } from "@core/i18n/compiled/es/calendar";
import { translatorFor } from "@core/i18n/translate";
import type { AgendaDay } from "@core/schemas/school";
import { agendaCovers, agendaDayLine, agendaDayNotes, agendaDayOffEntries, agendaSchoolEntries } from "./school-days";

const en = translatorFor(setupI18n({ locale: "en", messages: { en: { ...englishApp, ...englishCalendar } as Messages } }));
const es = translatorFor(setupI18n({ locale: "es", messages: { es: { ...spanishApp, ...spanishCalendar } as Messages } }));

function day(date: string, over: Partial<AgendaDay> = {}): AgendaDay {
  return { date, schoolDay: true, offLabel: null, rotationDay: null, bellSchedule: null, classes: [], schoolEvents: [], ...over };
}

const FAIR = { id: 4, title: "Science fair", time: null, eventType: "other" };

/** Mon Nov 23 to Sun Nov 29, 2026: an A/B rotation, Thanksgiving break Thursday and Friday, a fair over Monday and Tuesday. */
const WEEK: AgendaDay[] = [
  day("2026-11-23", { rotationDay: "A", schoolEvents: [FAIR, { id: 5, title: "Snow delay", time: null, eventType: "delay" }] }),
  day("2026-11-24", { rotationDay: "B", bellSchedule: { id: "early", name: "Early Dismissal" }, schoolEvents: [FAIR] }),
  day("2026-11-25", { rotationDay: "Day 3" }),
  day("2026-11-26", { schoolDay: false, offLabel: "Thanksgiving Break" }),
  day("2026-11-27", {
    schoolDay: false,
    offLabel: "Thanksgiving Break",
    schoolEvents: [{ id: 6, title: "Food drive", time: "10:00", eventType: "meeting" }],
  }),
  day("2026-11-28", { schoolDay: false }),
  day("2026-11-29", { schoolDay: false }),
];

describe("agendaDayNotes", () => {
  it("names a school day's rotation day and a named day off; a weekend says nothing", () => {
    const notes = agendaDayNotes(WEEK, en);
    expect(notes.get("2026-11-23")).toEqual({ text: "A", dayOff: false });
    expect(notes.get("2026-11-25")).toEqual({ text: "Day 3", dayOff: false });
    // A numbered cycle's day in the reader's language (issue 49: "Day 3" on a Spanish Calendar).
    expect(agendaDayNotes(WEEK, es).get("2026-11-25")).toEqual({ text: "Día 3", dayOff: false });
    expect(agendaDayNotes(WEEK, es).get("2026-11-23")).toEqual({ text: "A", dayOff: false });
    expect(notes.get("2026-11-26")).toEqual({ text: "Thanksgiving Break", dayOff: true });
    expect(notes.has("2026-11-28")).toBe(false);
    expect(notes.size).toBe(5);
  });

  it("gives a day off no rotation day, whatever the agenda holds", () => {
    expect(agendaDayNotes([day("2026-12-24", { schoolDay: false, rotationDay: "A" })], en).size).toBe(0);
  });
});

describe("agendaSchoolEntries", () => {
  it("puts an event of several days on each of its days, read-only and marked as the school's", () => {
    const entries = agendaSchoolEntries(WEEK);
    expect(entries.filter((e) => e.title === "Science fair").map((e) => e.date)).toEqual(["2026-11-23", "2026-11-24"]);
    expect(entries).toHaveLength(4);
    const food = entries.find((e) => e.title === "Food drive")!;
    expect(food).toMatchObject({ id: "school-6", kind: "event", date: "2026-11-27", time: "10:00", type: "meeting", school: true });
    expect(food.eventId).toBeUndefined();
  });
});

describe("agendaDayOffEntries", () => {
  it("lists the named days off in the range as all-day entries, no weekend", () => {
    const entries = agendaDayOffEntries(WEEK, "2026-11-24", "2026-11-26");
    expect(entries).toEqual([
      {
        id: "day-off-2026-11-26",
        kind: "event",
        date: "2026-11-26",
        time: null,
        title: "Thanksgiving Break",
        type: "other",
        subject: null,
        isCompleted: false,
        dayOff: true,
      },
    ]);
    expect(agendaDayOffEntries(WEEK, "2026-11-28", "2026-11-29")).toEqual([]);
  });
});

describe("agendaCovers", () => {
  it("is true only when the agenda's dates reach both ends", () => {
    expect(agendaCovers(WEEK, "2026-11-23", "2026-11-29")).toBe(true);
    expect(agendaCovers(WEEK, "2026-11-25", "2026-11-27")).toBe(true);
    expect(agendaCovers(WEEK, "2026-11-25", "2026-11-30")).toBe(false);
    expect(agendaCovers(WEEK, "2026-11-22", "2026-11-27")).toBe(false);
    expect(agendaCovers(undefined, "2026-11-25", "2026-11-27")).toBe(false);
    expect(agendaCovers([], "2026-11-25", "2026-11-27")).toBe(false);
  });
});

describe("agendaDayLine", () => {
  it("words the rotation day and an alternate bell schedule, in English and Spanish", () => {
    expect(agendaDayLine(WEEK[0], en)).toBe("A day");
    expect(agendaDayLine(WEEK[1], en)).toBe("B day · Early Dismissal schedule");
    expect(agendaDayLine(WEEK[1], es)).toBe("Día B · Horario de timbres: Early Dismissal");
    expect(agendaDayLine(WEEK[2], en)).toBe("Day 3");
    expect(agendaDayLine(WEEK[2], es)).toBe("Día 3");
  });

  it("names a day off, and says nothing of a weekend, a plain day or a date outside the agenda", () => {
    expect(agendaDayLine(WEEK[3], en)).toBe("No school: Thanksgiving Break");
    expect(agendaDayLine(WEEK[3], es)).toBe("Sin clases: Thanksgiving Break");
    expect(agendaDayLine(WEEK[5], en)).toBeNull();
    expect(agendaDayLine(day("2026-12-01"), en)).toBeNull();
    expect(agendaDayLine(undefined, en)).toBeNull();
  });

  it("names the bell schedule alone when there is no rotation", () => {
    expect(agendaDayLine(day("2026-12-07", { bellSchedule: { id: "delay", name: "2-Hour Delay" } }), en)).toBe("2-Hour Delay schedule");
  });
});
