import { describe, expect, it } from "vitest";
import { FEED_ITEM_LIMIT, FeedParseError, matchSubject, parseFeed, taskFieldsOf } from "./lms-feed";
import { CANVAS_CALENDAR_EVENT, canvasFeed, fold, googleClassroomFeed, schoologyFeed } from "../test/lms-fixtures";

const ZONE = "America/New_York";
const NOW = new Date("2026-11-26T15:00:00Z");

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedParseError) return error.reason;
    throw error;
  }
  return "parsed";
}

describe("parseFeed", () => {
  it("reads Canvas: the title without the course in brackets, UTC due times in the school's zone, all-day dates without a time", () => {
    const feed = parseFeed(
      canvasFeed(
        [
          { id: 5678, title: "Essay 2: The Crucible", course: "ENGL 101 - English 9", due: "20261203T045900Z" },
          { id: 5679, title: "Lab report", course: "BIO 9 - Biology", due: "20261205" },
        ],
        CANVAS_CALENDAR_EVENT,
      ),
      ZONE,
      NOW,
    );
    expect(feed.name).toBe("Jordan Lee Calendar (Canvas)");
    expect(feed.items).toEqual([
      {
        uid: "event-assignment-5678",
        title: "Essay 2: The Crucible",
        course: "ENGL 101 - English 9",
        dueDate: "2026-12-02",
        dueTime: "23:59",
        url: "https://lincoln.instructure.com/courses/4821/assignments/5678",
        assignment: true,
      },
      {
        uid: "event-assignment-5679",
        title: "Lab report",
        course: "BIO 9 - Biology",
        dueDate: "2026-12-05",
        dueTime: null,
        url: "https://lincoln.instructure.com/courses/4821/assignments/5679",
        assignment: true,
      },
      {
        uid: "event-calendar-event-42",
        title: "Field trip to the science museum",
        course: "BIO 9 - Biology",
        dueDate: "2026-12-04",
        dueTime: "10:00",
        url: "https://lincoln.instructure.com/calendar?event_id=42&include_contexts=course_4821",
        assignment: false,
      },
    ]);
  });

  it("reads Schoology: a custom TZID through its VTIMEZONE, the link from the description, the course from CATEGORIES", () => {
    const [item] = parseFeed(schoologyFeed(), "America/Chicago", NOW).items;
    expect(item).toEqual({
      uid: "assignment-7712345@schoology.com",
      title: "Chapter 5 worksheet",
      course: "Algebra I: Section 2",
      dueDate: "2026-12-07",
      dueTime: "22:59",
      url: "https://app.schoology.com/assignment/7712345",
      assignment: true,
    });
    // Summer time in the feed's own rules: 23:59 EDT is 22:59 in Chicago too.
    expect(parseFeed(schoologyFeed("20260610T235900"), "America/Chicago", NOW).items[0]).toMatchObject({
      dueDate: "2026-06-10",
      dueTime: "22:59",
    });
  });

  it("reads Google Calendar's secret address: the class from X-WR-CALNAME, a weekly series expanded into dated items", () => {
    const feed = parseFeed(googleClassroomFeed(), ZONE, NOW);
    expect(feed.name).toBe("Biology 9 - Period 3");
    expect(
      feed.items.map(({ uid, title, course, dueDate, dueTime, assignment }) => ({ uid, title, course, dueDate, dueTime, assignment })),
    ).toEqual([
      {
        uid: "1q2w3e4r5t6y7u8i9o0p@google.com",
        title: "Chapter 5 reading",
        course: "Biology 9 - Period 3",
        dueDate: "2026-12-08",
        dueTime: "11:30",
        assignment: true,
      },
      ...["2026-12-01", "2026-12-08", "2026-12-15"].map((date) => ({
        uid: `weeklylab0001@google.com#${date}T09:00:00`,
        title: "Lab notebook check",
        course: "Biology 9 - Period 3",
        dueDate: date,
        dueTime: "09:00",
        assignment: true,
      })),
    ]);
  });

  it("expands a series only from today to 12 months ahead", () => {
    const body = canvasFeed(
      [],
      [
        "BEGIN:VEVENT",
        "DTSTART;VALUE=DATE:20260105",
        "RRULE:FREQ=WEEKLY;BYDAY=MO",
        "SUMMARY:Weekly reflection [Advisory]",
        "UID:event-assignment-9",
        "END:VEVENT",
      ],
    );
    const dates = parseFeed(body, ZONE, NOW).items.map((item) => item.dueDate);
    expect(dates[0]).toBe("2026-11-30");
    expect(dates.at(-1)! <= "2027-11-27").toBe(true);
    // Mondays from Nov 30, 2026 up to Nov 27, 2027 (the next, Nov 29, is past the horizon).
    expect(dates).toHaveLength(52);
  });

  it("unfolds long folded lines", () => {
    const long = "A".repeat(180);
    const body = canvasFeed([{ id: 1, title: long, course: "History", due: "20261203" }]);
    expect(body).toContain("\r\n ");
    expect(parseFeed(body, ZONE, NOW).items[0]!.title).toBe(long.slice(0, 200));
    expect(fold("x".repeat(80)).split("\r\n ")).toHaveLength(2);
  });

  it("refuses what is not a calendar, and more than 10,000 items", () => {
    expect(reason(() => parseFeed("<html>Sign in</html>", ZONE, NOW))).toBe("not_calendar");
    expect(reason(() => parseFeed("BEGIN:VCARD\r\nEND:VCARD\r\n", ZONE, NOW))).toBe("not_calendar");
    const many = Array.from({ length: FEED_ITEM_LIMIT + 1 }, (_, i) => ({ id: i, title: `A${i}`, course: "C", due: "20261203" }));
    expect(reason(() => parseFeed(canvasFeed(many), ZONE, NOW))).toBe("too_many_items");
    const endless = canvasFeed(
      [],
      ["BEGIN:VEVENT", "DTSTART:20261127T120000Z", "RRULE:FREQ=MINUTELY", "SUMMARY:Spam", "UID:x", "END:VEVENT"],
    );
    expect(reason(() => parseFeed(endless, ZONE, NOW))).toBe("too_many_items");
    // A minutely series from 2000: refused after a bounded look at its past, not expanded for minutes.
    const ancient = canvasFeed(
      [],
      ["BEGIN:VEVENT", "DTSTART:20000101T000000Z", "RRULE:FREQ=MINUTELY", "SUMMARY:Old", "UID:y", "END:VEVENT"],
    );
    expect(reason(() => parseFeed(ancient, ZONE, NOW))).toBe("too_many_items");
  });
});

describe("matchSubject", () => {
  it.each([
    ["ENGL 101 - English 9", ["English 9", "Biology"], "English 9"],
    ["english 9", ["English 9"], "English 9"],
    ["Biología", ["Biologia"], "Biologia"],
    ["AP Biology", ["Biology", "AP Biology"], "AP Biology"],
    ["BIO 9 - Biology", ["Bio"], "Bio"],
    ["Biology", ["Bio"], "Biology"],
    ["Chemistry", ["Chem"], "Chemistry"],
    ["Algebra I: Section 2", ["Algebra I"], "Algebra I"],
    ["Algebra II", ["Algebra I"], "Algebra II"],
  ])("%s with classes %j → %s", (course, classes, expected) => {
    expect(matchSubject(course, classes)).toBe(expected);
  });

  it("leaves the subject empty when the LMS names no course", () => {
    expect(matchSubject(null, ["Biology"])).toBeNull();
  });

  it("gives a task its title, subject, due date and time, and the LMS link as its description", () => {
    const [item] = parseFeed(canvasFeed([{ id: 5, title: "Essay", course: "ENGL 101 - English 9", due: "20261203" }]), ZONE, NOW).items;
    expect(taskFieldsOf(item!, ["English 9"])).toEqual({
      title: "Essay",
      subject: "English 9",
      dueDate: "2026-12-03",
      dueTime: null,
      description: "https://lincoln.instructure.com/courses/4821/assignments/5",
    });
  });
});

/** A calendar of the given VEVENTs, each [uid, ...lines], with SUMMARY = its UID unless given. */
function calendarOf(...events: string[][]): string {
  const lines = events.flatMap(([uid, ...rest]) => [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    ...(rest.some((line) => line.startsWith("SUMMARY")) ? [] : [`SUMMARY:${uid}`]),
    ...rest,
    "END:VEVENT",
  ]);
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
}
const brief = (items: readonly { uid: string; dueDate: string; dueTime: string | null }[]) =>
  items.map(({ uid, dueDate, dueTime }) => [uid, dueDate, dueTime]);

describe("parseFeed on feeds written by others (decision 122)", () => {
  it("skips and counts an item it cannot read, and imports the rest; a date-time that is a date alone is a date", () => {
    const good = Array.from({ length: 50 }, (_, i) => [`good-${i}`, `DTSTART:202612${String((i % 28) + 1).padStart(2, "0")}T150000Z`]);
    const feed = parseFeed(
      calendarOf(
        ...good,
        ["bad-exdate", "DTSTART:20261201T150000Z", "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:2026120"],
        ["bad-start", "DTSTART:2026-13-45"],
        ["bare-date", "DTSTART:20261203"],
      ),
      ZONE,
      NOW,
    );
    expect(feed.skipped).toBe(2);
    expect(feed.items.filter((item) => item.uid.startsWith("good-"))).toHaveLength(50);
    expect(feed.items.find((item) => item.uid === "bare-date")).toMatchObject({ dueDate: "2026-12-03", dueTime: null });
  });

  it("reads RDATE;VALUE=PERIOD as occurrences at each period's start", () => {
    const feed = parseFeed(
      calendarOf(["p", "DTSTART:20261201T150000Z", "RDATE;VALUE=PERIOD:20261205T150000Z/20261205T160000Z,20261207T150000Z/PT1H"]),
      ZONE,
      NOW,
    );
    expect(brief(feed.items)).toEqual([
      ["p#2026-12-01T15:00:00Z", "2026-12-01", "10:00"],
      ["p#2026-12-05T15:00:00Z", "2026-12-05", "10:00"],
      ["p#2026-12-07T15:00:00Z", "2026-12-07", "10:00"],
    ]);
    expect(feed.skipped).toBe(0);
  });

  it("expands a series given by RDATEs alone, DTSTART its first occurrence", () => {
    const feed = parseFeed(calendarOf(["r", "DTSTART:20261201T150000Z", "RDATE:20261208T150000Z,20261215T150000Z"]), ZONE, NOW);
    expect(feed.items.map((item) => item.dueDate)).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
  });

  it.each(["America/Los_Angeles", "Pacific Standard Time", "/mozilla.org/20050126_1/America/Los_Angeles"])(
    "reads TZID=%s without a VTIMEZONE in that zone, not as the school's wall clock",
    (tzid) => {
      // 23:59 on Dec 1 in Los Angeles is 02:59 on Dec 2 in New York.
      const feed = parseFeed(calendarOf(["la", `DTSTART;TZID=${tzid}:20261201T235900`]), ZONE, NOW);
      expect(brief(feed.items)).toEqual([["la", "2026-12-02", "02:59"]]);
    },
  );

  it("keeps a series whole when one occurrence moves past the horizon, and imports an occurrence moved into the window", () => {
    const feed = parseFeed(
      calendarOf(
        ["s", "DTSTART:20261201T150000Z", "RRULE:FREQ=WEEKLY;COUNT=4"],
        ["s", "RECURRENCE-ID:20261208T150000Z", "DTSTART:20280110T150000Z"],
        ["old", "DTSTART:20251201T150000Z", "RRULE:FREQ=WEEKLY;COUNT=3"],
        ["old", "RECURRENCE-ID:20251208T150000Z", "DTSTART:20261210T150000Z", "SUMMARY:old (moved)"],
      ),
      ZONE,
      NOW,
    );
    expect(brief(feed.items)).toEqual([
      ["s#2026-12-01T15:00:00Z", "2026-12-01", "10:00"],
      ["s#2026-12-15T15:00:00Z", "2026-12-15", "10:00"],
      ["s#2026-12-22T15:00:00Z", "2026-12-22", "10:00"],
      ["old#2025-12-08T15:00:00Z", "2026-12-10", "10:00"],
    ]);
    expect(feed.items.at(-1)!.title).toBe("old (moved)");
  });

  it("imports an override whose series is not in the feed as a single item, and leaves a cancelled occurrence out", () => {
    const feed = parseFeed(
      calendarOf(
        ["alone", "RECURRENCE-ID:20261208T150000Z", "DTSTART:20261209T150000Z"],
        ["w", "DTSTART:20261201T150000Z", "RRULE:FREQ=WEEKLY;COUNT=2"],
        ["w", "RECURRENCE-ID:20261208T150000Z", "DTSTART:20261208T150000Z", "STATUS:CANCELLED"],
      ),
      ZONE,
      NOW,
    );
    expect(brief(feed.items)).toEqual([
      ["w#2026-12-01T15:00:00Z", "2026-12-01", "10:00"],
      ["alone#2026-12-08T15:00:00Z", "2026-12-09", "10:00"],
    ]);
  });

  it("keeps the copy of a UID with the higher SEQUENCE, whichever comes first", () => {
    const newer = ["dup", "DTSTART:20261205T150000Z", "SEQUENCE:3"];
    const older = ["dup", "DTSTART:20261203T150000Z", "SEQUENCE:1"];
    expect(brief(parseFeed(calendarOf(newer, older), ZONE, NOW).items)).toEqual([["dup", "2026-12-05", "10:00"]]);
    expect(brief(parseFeed(calendarOf(older, newer), ZONE, NOW).items)).toEqual([["dup", "2026-12-05", "10:00"]]);
  });

  it("reads a feed that starts with a byte order mark, one with a stray line, and items without a UID", () => {
    expect(parseFeed("\uFEFF" + calendarOf(["bom", "DTSTART:20261201T150000Z"]), ZONE, NOW).items).toHaveLength(1);
    const stray = calendarOf(["a", "DTSTART:20261201T150000Z"]).replace("END:VEVENT", "END:VEVENT\r\nX");
    expect(parseFeed(stray, ZONE, NOW).items).toHaveLength(1);
    const noUid = calendarOf(["x", "DTSTART:20261201T150000Z"]).replace("UID:x\r\n", "");
    const [first] = parseFeed(noUid, ZONE, NOW).items;
    // Known by its start and title, so the same on every refresh.
    expect(first!.uid).toMatch(/^no-uid-[0-9a-f]{24}$/);
    expect(parseFeed(noUid, ZONE, NOW).items[0]!.uid).toBe(first!.uid);
  });
});
