import { describe, expect, it } from "vitest";
import { messageRef } from "../i18n/translate";
import { event, task } from "../test/builders";
import { escapeText, parseIcal, text, unescapeText, writeIcal } from "./icalendar";
import { eventObject, type KeptParts, taskFromObject, taskObject } from "./objects";

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

describe("a client's VTODO as a task", () => {
  const vtodo = (...lines: string[]) =>
    parseIcal(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Apple Inc.//iOS 18//EN",
        "BEGIN:VTODO",
        ...lines,
        "END:VTODO",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );

  it("reads its title, notes, due time in any zone as the school's, priority, completion and subject, and keeps the rest", () => {
    const read = taskFromObject(
      vtodo(
        "UID:1B2C-IOS",
        "SUMMARY:Lab\\, part 2",
        "DESCRIPTION:Bring goggles\\nand gloves",
        "DUE;TZID=Europe/Paris:20261201T150000",
        "PRIORITY:3",
        "STATUS:COMPLETED",
        "CATEGORIES:Chemistry,School",
        "X-APPLE-SORT-ORDER:12",
        "BEGIN:VALARM",
        "TRIGGER:-PT15M",
        "ACTION:DISPLAY",
        "END:VALARM",
      ),
      "America/New_York",
    );
    expect(read).toEqual({
      uid: "1B2C-IOS",
      fields: {
        title: "Lab, part 2",
        description: "Bring goggles\nand gloves",
        subject: "Chemistry",
        dueDate: "2026-12-01",
        dueTime: "09:00",
        priority: "high",
        completed: true,
      },
      kept: {
        properties: [{ name: "X-APPLE-SORT-ORDER", params: {}, value: "12" }],
        components: [
          {
            name: "VALARM",
            properties: [
              { name: "TRIGGER", params: {}, value: "-PT15M" },
              { name: "ACTION", params: {}, value: "DISPLAY" },
            ],
            components: [],
          },
        ],
      },
    });
    // Written back, the kept parts are there as they came.
    const again = writeIcal(
      taskObject({ ...task({ id: 4, title: "Lab, part 2" }), updatedAt: STAMP, completedAt: null }, context, {
        uid: "1B2C-IOS",
        kept: (read as { kept: KeptParts }).kept,
      }),
    );
    expect(again).toContain("UID:1B2C-IOS\r\n");
    expect(again).toContain("X-APPLE-SORT-ORDER:12\r\n");
    expect(again).toContain("BEGIN:VALARM\r\nTRIGGER:-PT15M\r\nACTION:DISPLAY\r\nEND:VALARM\r\n");
  });

  it("reads a UTC or floating due time, a due date, and no priority as medium; 6-9 is low", () => {
    const fields = (...lines: string[]) =>
      (taskFromObject(vtodo("UID:x", "SUMMARY:T", ...lines), "America/New_York") as { fields: object }).fields;
    expect(fields("DUE:20261201T140000Z")).toMatchObject({ dueDate: "2026-12-01", dueTime: "09:00", priority: "medium" });
    expect(fields("DUE:20261201T140000")).toMatchObject({ dueDate: "2026-12-01", dueTime: "14:00" });
    expect(fields("DUE;VALUE=DATE:20261201", "PRIORITY:9")).toMatchObject({ dueDate: "2026-12-01", dueTime: null, priority: "low" });
    expect(fields()).toMatchObject({ dueDate: null, completed: false, subject: null, description: null });
  });

  it("refuses what is not one task, one without a UID or a title, and a due that is not a date", () => {
    expect(taskFromObject(vtodo("SUMMARY:T"), "America/New_York")).toEqual({ refused: messageRef("caldav.refused_no_uid") });
    expect(taskFromObject(vtodo("UID:x"), "America/New_York")).toEqual({ refused: messageRef("caldav.refused_no_title") });
    expect(taskFromObject(vtodo("UID:x", "SUMMARY:T", "DUE:tomorrow"), "America/New_York")).toEqual({
      refused: messageRef("caldav.refused_bad_due"),
    });
    const event = parseIcal("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
    expect(taskFromObject(event, "America/New_York")).toEqual({ refused: messageRef("caldav.refused_not_a_task") });
  });
});
