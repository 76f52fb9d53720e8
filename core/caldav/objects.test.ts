import { describe, expect, it } from "vitest";
import { event, task } from "../test/builders";
import { escapeText, parseIcal, text, unescapeText, writeIcal } from "./icalendar";
import { eventObject, taskObject } from "./objects";

const context = { host: "hub.school.test", timeZone: "America/New_York" };
const STAMP = "2026-11-30T21:00:00.000Z";
const lines = (ical: string) => ical.split("\r\n").filter(Boolean);

describe("iCalendar text", () => {
  it("escapes TEXT and reads it back", () => {
    const tricky = "Lab; part 1, then 2\nbring goggles \\ gloves";
    expect(unescapeText(escapeText(tricky))).toBe(tricky);
    expect(escapeText("a;b,c\nd")).toBe("a\\;b\\,c\\nd");
  });

  it("folds lines at 75 octets without splitting a character, and unfolds them", () => {
    const long = taskObject(
      { ...task({ id: 3, title: "Ensayo sobre la revolución ".repeat(8) }), updatedAt: STAMP, completedAt: null },
      context,
    );
    const written = writeIcal(long);
    expect(lines(written).every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(text(parseIcal(written).components[0]!, "SUMMARY")).toBe("Ensayo sobre la revolución ".repeat(8));
    expect(parseIcal(written)).toEqual(long);
  });

  it("refuses what is not one well-formed VCALENDAR, with the reason", () => {
    expect(() => parseIcal("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n")).toThrow(/does not close/);
    expect(() => parseIcal("hello")).toThrow(/without a value/);
    expect(() => parseIcal("BEGIN:VEVENT\r\nEND:VEVENT\r\n")).toThrow(/not a VCALENDAR/);
  });
});

describe("the app's tasks and events as CalDAV objects", () => {
  it("writes a task as a VTODO: due date and time in the school's zone, priority, status, subject", () => {
    const written = writeIcal(
      taskObject(
        {
          ...task({
            id: 7,
            title: "Essay, draft 2",
            subject: "English",
            dueDate: "2026-12-01",
            dueTime: "08:15",
            priority: "high",
            completed: true,
          }),
          updatedAt: STAMP,
          completedAt: "2026-11-30T22:00:00.000Z",
        },
        context,
      ),
    );
    const todo = lines(written);
    expect(todo).toContain("UID:task-7@hub.school.test");
    expect(todo).toContain("SUMMARY:Essay\\, draft 2");
    expect(todo).toContain("DUE;TZID=America/New_York:20261201T081500");
    expect(todo).toContain("PRIORITY:1");
    expect(todo).toContain("STATUS:COMPLETED");
    expect(todo).toContain("COMPLETED:20261130T220000Z");
    expect(todo).toContain("CATEGORIES:English");
    const undated = lines(writeIcal(taskObject({ ...task({ id: 8, priority: "low" }), updatedAt: STAMP, completedAt: null }, context)));
    expect(undated.some((l) => l.startsWith("DUE"))).toBe(false);
    expect(undated).toContain("PRIORITY:9");
    expect(undated).toContain("STATUS:NEEDS-ACTION");
  });

  it("writes a weekly series with its removed date as EXDATE and its changed date as a RECURRENCE-ID VEVENT", () => {
    const series = {
      ...event({
        id: 10,
        title: "Practice",
        date: "2026-11-30",
        time: "16:00",
        endTime: "17:30",
        recurring: "weekly",
        customDays: ["monday", "wednesday"],
        customEndDate: "2026-12-31",
        subject: "Soccer",
      }),
      updatedAt: STAMP,
    };
    const removed = { ...event({ id: 11, parentEventId: 10, isException: true, exceptionDate: "2026-12-02" }), updatedAt: STAMP };
    const moved = {
      ...event({ id: 12, parentEventId: 10, title: "Practice (gym)", date: "2026-12-08", time: "17:00", originalDate: "2026-12-07" }),
      updatedAt: STAMP,
    };
    const object = eventObject(series, [removed, moved], context)!;
    const [master, override] = object.components;
    const masterLines = lines(writeIcal({ ...object, components: [master!] }));
    expect(masterLines).toContain("DTSTART;TZID=America/New_York:20261130T160000");
    expect(masterLines).toContain("DTEND;TZID=America/New_York:20261130T173000");
    expect(masterLines).toContain("RRULE:FREQ=WEEKLY;UNTIL=20270101T045900Z;BYDAY=MO,WE");
    expect(masterLines).toContain("EXDATE;TZID=America/New_York:20261202T160000");
    expect(masterLines).toContain("CATEGORIES:Soccer");
    expect(masterLines).toContain("X-STUDENT-HUB-TYPE:custom");
    const overrideLines = lines(writeIcal({ ...object, components: [override!] }));
    expect(overrideLines).toContain("UID:event-10@hub.school.test");
    expect(overrideLines).toContain("RECURRENCE-ID;TZID=America/New_York:20261207T160000");
    expect(overrideLines).toContain("DTSTART;TZID=America/New_York:20261208T170000");
    expect(overrideLines).toContain("SUMMARY:Practice (gym)");
  });

  it("writes an all-day event ending the next day, and an hour for a timed one without an end, across midnight too", () => {
    const allDay = lines(writeIcal(eventObject({ ...event({ id: 1, date: "2026-12-05" }), updatedAt: STAMP }, [], context)!));
    expect(allDay).toContain("DTSTART;VALUE=DATE:20261205");
    expect(allDay).toContain("DTEND;VALUE=DATE:20261206");
    const late = lines(writeIcal(eventObject({ ...event({ id: 2, date: "2026-12-05", time: "23:30" }), updatedAt: STAMP }, [], context)!));
    expect(late).toContain("DTEND;TZID=America/New_York:20261206T003000");
  });
});
