import { describe, expect, it } from "vitest";
import { seriesDates } from "../calendar/recurrence";
import { messageRef } from "../i18n/translate";
import type { CalendarEvent } from "../schemas/event";
import { event } from "../test/builders";
import { parseIcal, writeIcal } from "./icalendar";
import { eventFromObject, type EventFromObject, eventObject, type ObjectRefusal } from "./objects";

const context = { host: "hub.school.test", timeZone: "America/New_York" };
const STAMP = "2026-11-30T21:00:00.000Z";
const stored = (fields: Partial<CalendarEvent> & { id: number }) => ({ ...event(fields), updatedAt: STAMP });

/** A client's object: a VCALENDAR around the given VEVENTs' lines. */
function clientObject(...vevents: string[][]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Client//EN",
    ...vevents.flatMap((v) => ["BEGIN:VEVENT", "UID:abc-123", ...v, "END:VEVENT"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
const read = (body: string) => eventFromObject(parseIcal(body), context.timeZone);
function accepted(body: string): EventFromObject {
  const result = read(body);
  if ("refused" in result) throw new Error(`refused: ${result.refused}`);
  return result;
}
const refusedWith = (body: string): string => (read(body) as ObjectRefusal).refused;

describe("the app's series read back from the objects it writes", () => {
  const series: Partial<CalendarEvent>[] = [
    { recurring: "daily", date: "2026-09-01" },
    { recurring: "daily", date: "2026-09-01", customDays: ["monday", "tuesday", "thursday"] },
    { recurring: "weekly", date: "2026-09-02", customDays: ["monday", "wednesday", "friday"], customEndDate: "2027-06-12" },
    { recurring: "biweekly", date: "2026-09-03", customDays: ["thursday", "friday", "monday"] },
    { recurring: "monthly", date: "2026-09-15", customDays: ["15", "31"], customEndDate: "2027-06-30" },
    { recurring: "first-monthly", date: "2026-09-07", customDays: ["monday", "wednesday"] },
    { recurring: "third-monthly", date: "2026-09-15", customDays: ["tuesday"] },
    { recurring: "last-monthly", date: "2026-09-25", customDays: ["friday"], customEndDate: "2027-05-28" },
    { recurring: "yearly", date: "2026-10-31" },
  ];
  for (const [i, fields] of series.entries()) {
    for (const time of [null, "20:30"]) {
      it(`${fields.recurring} ${JSON.stringify(fields.customDays ?? [])}${time ? " at 8:30 PM" : ""} has the same dates`, () => {
        const original = stored({ id: i + 1, time, title: "Robotics", subject: "Physics", eventType: "practice", ...fields });
        const back = accepted(writeIcal(eventObject(original, [], context)!));
        expect(back.fields).toMatchObject({ title: "Robotics", subject: "Physics", eventType: "practice", time, endTime: null });
        const dates = (rule: Pick<CalendarEvent, "date" | "recurring" | "customDays" | "customEndDate">) =>
          seriesDates(rule, "2026-08-01", "2029-12-31");
        expect(dates(back.fields)).toEqual(dates(original));
        expect(back.fields.customEndDate).toBe(original.customEndDate);
      });
    }
  }

  it("reads removed dates and changed dates, and keeps each one's unread parts apart", () => {
    const series = stored({ id: 5, recurring: "weekly", date: "2026-11-02", time: "16:00", endTime: "17:30", customDays: ["monday"] });
    const removed = stored({ id: 6, parentEventId: 5, isException: true, exceptionDate: "2026-11-09", eventType: "exception" });
    const movedAway = stored({ id: 7, parentEventId: 5, isException: true, exceptionDate: "2026-11-16", eventType: "exception" });
    const moved = stored({ id: 8, parentEventId: 5, originalDate: "2026-11-16", date: "2026-11-17", time: "18:00", title: "Moved" });
    const kept = {
      properties: [{ name: "X-APPLE-TRAVEL", params: {}, value: "1" }],
      components: [],
      changed: { "2026-11-16": { properties: [{ name: "URL", params: { VALUE: "URI" }, value: "https://x.test" }], components: [] } },
    };
    const written = writeIcal(eventObject(series, [removed, movedAway, moved], context, { uid: "abc-123", kept })!);
    expect(written).toContain("URL;VALUE=URI:https://x.test");
    const back = accepted(written);
    expect(back.uid).toBe("abc-123");
    expect(back.fields).toMatchObject({ date: "2026-11-02", time: "16:00", endTime: "17:30", recurring: "weekly", customDays: ["monday"] });
    expect(back.removed).toEqual(["2026-11-09"]);
    expect(back.changed).toEqual([
      {
        originalDate: "2026-11-16",
        fields: expect.objectContaining({ title: "Moved", date: "2026-11-17", time: "18:00", endTime: null, recurring: "none" }),
      },
    ]);
    expect(back.kept).toEqual(kept);
  });
});

describe("a client's VEVENT as an event", () => {
  it("reads its zone, its end or duration, and a cancelled date as a removed one", () => {
    const back = accepted(
      clientObject(
        [
          "SUMMARY:Study group",
          "DTSTART;TZID=Europe/Paris:20261103T220000",
          "DURATION:PT45M",
          "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4",
          "EXDATE;TZID=Europe/Paris:20261110T220000,20261117T220000",
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          "TRIGGER:-PT15M",
          "END:VALARM",
        ],
        ["RECURRENCE-ID;TZID=Europe/Paris:20261124T220000", "STATUS:CANCELLED", "DTSTART;TZID=Europe/Paris:20261124T220000"],
      ),
    );
    // 22:00 in Paris is 16:00 in New York; four Tuesdays from 3 November.
    expect(back.fields).toMatchObject({
      date: "2026-11-03",
      time: "16:00",
      endTime: "16:45",
      recurring: "weekly",
      customDays: ["tuesday"],
      customEndDate: "2026-11-24",
    });
    expect(back.removed).toEqual(["2026-11-10", "2026-11-17", "2026-11-24"]);
    expect(back.kept.components.map((c) => c.name)).toEqual(["VALARM"]);
    expect(back.fields.eventType).toBeNull();
  });

  it("reads the rules other clients write for the same kinds", () => {
    const rule = (value: string, start = "20261127") =>
      accepted(clientObject(["SUMMARY:x", `DTSTART;VALUE=DATE:${start}`, `RRULE:${value}`])).fields;
    expect(rule("FREQ=MONTHLY;BYDAY=-1FR")).toMatchObject({ recurring: "last-monthly", customDays: ["friday"] });
    expect(rule("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=4")).toMatchObject({ recurring: "fourth-monthly", customDays: ["friday"] });
    expect(rule("FREQ=MONTHLY")).toMatchObject({ recurring: "monthly", customDays: ["27"] });
    expect(rule("FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=27")).toMatchObject({ recurring: "yearly" });
    expect(rule("FREQ=WEEKLY;INTERVAL=2;WKST=SU")).toMatchObject({ recurring: "biweekly", customDays: ["friday"] });
    expect(rule("FREQ=DAILY;UNTIL=20261231")).toMatchObject({ recurring: "daily", customDays: [], customEndDate: "2026-12-31" });
  });

  it("ends a timed series on the last date whose start is not after UNTIL", () => {
    const until = (value: string) =>
      accepted(clientObject(["SUMMARY:x", "DTSTART;TZID=America/New_York:20261102T190000", `RRULE:FREQ=DAILY;UNTIL=${value}`])).fields
        .customEndDate;
    // 23:59 New York on 30 November, as the app writes it.
    expect(until("20261201T045900Z")).toBe("2026-11-30");
    // 18:00 New York on 30 November: that day's 7 PM is past it.
    expect(until("20261130T230000Z")).toBe("2026-11-29");
  });

  it("takes an hour's end as none, an end the same day as the end, and an all-day event of one date", () => {
    const end = (...lines: string[]) => accepted(clientObject(["SUMMARY:x", ...lines])).fields.endTime;
    expect(end("DTSTART:20261102T150000Z", "DTEND:20261102T160000Z")).toBeNull();
    expect(end("DTSTART:20261102T150000Z", "DTEND:20261102T163000Z")).toBe("11:30");
    expect(end("DTSTART;VALUE=DATE:20261102", "DTEND;VALUE=DATE:20261103")).toBeNull();
  });

  it("refuses, by name, what the app cannot keep as it is", () => {
    const rule = (value: string, start = "DTSTART;VALUE=DATE:20261102") =>
      refusedWith(clientObject(["SUMMARY:x", start, `RRULE:${value}`]));
    const ruleRefusal = (name: string) => messageRef("caldav.refused_rule", { rule: name });
    expect(rule("FREQ=WEEKLY;INTERVAL=3")).toBe(ruleRefusal("FREQ=WEEKLY;INTERVAL=3"));
    expect(rule("FREQ=HOURLY")).toBe(ruleRefusal("FREQ=HOURLY"));
    expect(rule("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1")).toBe(ruleRefusal("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1"));
    expect(rule("FREQ=MONTHLY;BYMONTHDAY=-1")).toBe(ruleRefusal("BYMONTHDAY=-1"));
    expect(rule("FREQ=YEARLY;BYWEEKNO=20")).toBe(ruleRefusal("BYWEEKNO"));
    // Every other Monday and Wednesday from a Wednesday, weeks from Monday: a Monday the app would count in the other week.
    expect(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "DTSTART;VALUE=DATE:20261104")).toBe(
      ruleRefusal("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=MO"),
    );
    expect(rule("FREQ=WEEKLY;BYDAY=TU")).toBe(messageRef("caldav.refused_start_not_in_rule"));
    expect(refusedWith(clientObject(["SUMMARY:x", "DTSTART;VALUE=DATE:20261102", "RDATE;VALUE=DATE:20261105"]))).toBe(ruleRefusal("RDATE"));
    expect(refusedWith(clientObject(["SUMMARY:Trip", "DTSTART;VALUE=DATE:20261102", "DTEND;VALUE=DATE:20261105"]))).toBe(
      messageRef("caldav.refused_several_days"),
    );
    expect(refusedWith(clientObject(["SUMMARY:Party", "DTSTART:20261102T220000", "DTEND:20261103T010000"]))).toBe(
      messageRef("caldav.refused_several_days"),
    );
    expect(
      refusedWith(
        clientObject(
          ["SUMMARY:x", "DTSTART;VALUE=DATE:20261102", "RRULE:FREQ=WEEKLY"],
          ["RECURRENCE-ID;VALUE=DATE:20261104", "DTSTART;VALUE=DATE:20261105"],
        ),
      ),
    ).toBe(messageRef("caldav.refused_override_not_in_series"));
    expect(
      refusedWith(
        clientObject(
          ["SUMMARY:x", "DTSTART;VALUE=DATE:20261102", "RRULE:FREQ=WEEKLY"],
          ["RECURRENCE-ID;RANGE=THISANDFUTURE;VALUE=DATE:20261109", "DTSTART;VALUE=DATE:20261110"],
        ),
      ),
    ).toBe(ruleRefusal("RANGE=THISANDFUTURE"));
    expect(refusedWith(clientObject(["DTSTART;VALUE=DATE:20261102"]))).toBe(messageRef("caldav.refused_no_event_title"));
    expect(refusedWith(clientObject(["SUMMARY:x"]))).toBe(messageRef("caldav.refused_bad_start"));
    expect(refusedWith(clientObject(["RECURRENCE-ID;VALUE=DATE:20261109", "SUMMARY:x", "DTSTART;VALUE=DATE:20261110"]))).toBe(
      messageRef("caldav.refused_no_series"),
    );
  });
});
