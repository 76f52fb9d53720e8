import { describe, expect, it } from "vitest";
import {
  type DigestInput,
  DIGEST_ITEMS_SHOWN,
  digestUntil,
  guardianDigest,
  latestDigestDate,
  nextDigestDate,
  previousDigestDate,
} from "./guardian-digest";

const NEW_YORK = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("when a digest is due", () => {
  it("is the latest weekday (daily) or Sunday (weekly) whose send time has passed, in the school's zone", () => {
    // Monday 2026-11-30, 17:59 in New York (22:59 UTC): Monday's daily is not due yet, Friday's was the last.
    expect(latestDigestDate("daily", at("2026-11-30T22:59:00Z"), NEW_YORK, "18:00")).toBe("2026-11-27");
    expect(latestDigestDate("daily", at("2026-11-30T23:00:00Z"), NEW_YORK, "18:00")).toBe("2026-11-30");
    // Sunday 18:00 in New York is 23:00 UTC; a Saturday and a Sunday morning still mean the Friday.
    expect(latestDigestDate("daily", at("2026-11-29T15:00:00Z"), NEW_YORK, "18:00")).toBe("2026-11-27");
    expect(latestDigestDate("weekly", at("2026-11-29T22:59:00Z"), NEW_YORK, "18:00")).toBe("2026-11-22");
    expect(latestDigestDate("weekly", at("2026-11-29T23:00:00Z"), NEW_YORK, "18:00")).toBe("2026-11-29");
    // A whole week on, the next Sunday's.
    expect(latestDigestDate("weekly", at("2026-12-06T23:00:00Z"), NEW_YORK, "18:00")).toBe("2026-12-06");
    // The date is the school's, not UTC's: 20:00 on a Friday in Los Angeles is Saturday in UTC.
    expect(latestDigestDate("daily", at("2026-11-28T04:00:00Z"), "America/Los_Angeles", "18:00")).toBe("2026-11-27");
  });

  it("keeps to the wall clock across a change of the clocks", () => {
    // Sunday 2026-11-01 New York falls back at 02:00: 18:00 that evening is 23:00 UTC (EST), not 22:00.
    expect(latestDigestDate("weekly", at("2026-11-01T22:30:00Z"), NEW_YORK, "18:00")).toBe("2026-10-25");
    expect(latestDigestDate("weekly", at("2026-11-01T23:00:00Z"), NEW_YORK, "18:00")).toBe("2026-11-01");
  });

  it("looks ahead to the next digest's date: Friday's daily reaches Monday, a Sunday's the next Sunday", () => {
    expect(nextDigestDate("daily", "2026-11-26")).toBe("2026-11-27");
    expect(nextDigestDate("daily", "2026-11-27")).toBe("2026-11-30");
    expect(nextDigestDate("weekly", "2026-11-29")).toBe("2026-12-06");
    expect(previousDigestDate("daily", "2026-11-30")).toBe("2026-11-27");
    expect(previousDigestDate("daily", "2026-12-01")).toBe("2026-11-30");
    expect(previousDigestDate("weekly", "2026-11-29")).toBe("2026-11-22");
    expect(digestUntil("daily", "2026-11-27", "2026-11-27")).toBe("2026-11-30");
    // A digest sent late looks at least as far as today.
    expect(digestUntil("daily", "2026-11-20", "2026-11-27")).toBe("2026-11-27");
  });
});

describe("what a digest says", () => {
  const base: DigestInput = {
    frequency: "weekly",
    date: "2026-11-29",
    today: "2026-11-29",
    tasks: [],
    occurrences: [],
    schoolEvents: [],
    daysOff: [],
    announcements: [],
    doneMinutes: 0,
    plannedMinutes: 0,
  };

  it("says nothing when no work is due or missed and the school has no news, whatever the study time", () => {
    expect(guardianDigest({ ...base, doneMinutes: 90, plannedMinutes: 120 })).toBeNull();
    // Done work, work past the window and a birthday (not an exam) are nothing to say either.
    expect(
      guardianDigest({
        ...base,
        tasks: [
          { title: "Essay", subject: "English", dueDate: "2026-11-25", completed: true },
          { title: "Project", subject: null, dueDate: "2026-12-07", completed: false },
          { title: "Someday", subject: null, dueDate: null, completed: false },
        ],
        occurrences: [{ title: "Party", subject: null, date: "2026-11-30", type: "custom" }],
        schoolEvents: [{ title: "Winter concert", date: "2026-12-10", endDate: null }],
        daysOff: [{ label: "Thanksgiving", from: "2026-11-26", to: "2026-11-28" }],
      }),
    ).toBeNull();
  });

  it("lists overdue work (latest first), work due to the next digest, exams, school events, days off and announcements", () => {
    const digest = guardianDigest({
      ...base,
      tasks: [
        { title: "Lab report", subject: "Chemistry", dueDate: "2026-11-20", completed: false },
        { title: "Reading log", subject: null, dueDate: "2026-11-27", completed: false },
        { title: "Essay draft", subject: "English", dueDate: "2026-12-02", completed: false },
        { title: "Worksheet", subject: "Math", dueDate: "2026-11-29", completed: false },
        { title: "Poster", subject: "Art", dueDate: "2026-12-06", completed: false },
      ],
      occurrences: [
        { title: "Unit 4 test", subject: "Math", date: "2026-12-03", type: "exam" },
        { title: "Practice", subject: null, date: "2026-12-01", type: "practice" },
      ],
      schoolEvents: [
        { title: "Science fair", date: "2026-12-04", endDate: "2026-12-05" },
        { title: "Book week", date: "2026-11-23", endDate: "2026-11-30" },
      ],
      daysOff: [{ label: "Snow day", from: "2026-12-01", to: "2026-12-01" }],
      announcements: [{ title: "Picture day moved", date: "2026-11-24" }],
      doneMinutes: 75,
      plannedMinutes: 0,
    });
    expect(digest).toEqual({
      frequency: "weekly",
      date: "2026-11-29",
      until: "2026-12-06",
      overdue: {
        items: [
          { title: "Reading log", subject: null, date: "2026-11-27" },
          { title: "Lab report", subject: "Chemistry", date: "2026-11-20" },
        ],
        more: 0,
      },
      due: {
        items: [
          { title: "Worksheet", subject: "Math", date: "2026-11-29" },
          { title: "Essay draft", subject: "English", date: "2026-12-02" },
          { title: "Poster", subject: "Art", date: "2026-12-06" },
        ],
        more: 0,
      },
      exams: { items: [{ title: "Unit 4 test", subject: "Math", date: "2026-12-03" }], more: 0 },
      schoolEvents: {
        items: [
          { title: "Book week", date: "2026-11-23", endDate: "2026-11-30" },
          { title: "Science fair", date: "2026-12-04", endDate: "2026-12-05" },
        ],
        more: 0,
      },
      daysOff: { items: [{ title: "Snow day", date: "2026-12-01", endDate: null }], more: 0 },
      announcements: { items: [{ title: "Picture day moved", date: "2026-11-24", endDate: null }], more: 0 },
      study: { doneMinutes: 75, plannedMinutes: 0 },
    });
  });

  it("keeps each list short and counts the rest", () => {
    const tasks = Array.from({ length: DIGEST_ITEMS_SHOWN + 3 }, (_, i) => ({
      title: `Missed ${String(i).padStart(2, "0")}`,
      subject: null,
      dueDate: "2026-11-20",
      completed: false,
    }));
    const digest = guardianDigest({ ...base, frequency: "daily", date: "2026-11-27", today: "2026-11-27", tasks })!;
    expect(digest.overdue.items).toHaveLength(DIGEST_ITEMS_SHOWN);
    expect(digest.overdue.more).toBe(3);
    expect(digest.study).toBeNull();
    expect(digest.until).toBe("2026-11-30");
  });
});
