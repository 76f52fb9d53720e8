import { afterEach, describe, expect, it, vi } from "vitest";
import { addDaysToDate, zonedParts } from "./dates";
import {
  eveningSummary,
  nextEventReminder,
  nextSummaryAt,
  nextTaskReminder,
  type RemindableEvent,
  reminderFor,
  relativeWhen,
  writeWindow,
  zonedInstant,
} from "./reminders";
import type { ReminderTiming } from "./reminder-timings";

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const at = (text: string) => Date.parse(text);

function series(overrides: Partial<RemindableEvent> = {}): RemindableEvent {
  return {
    date: "2026-11-30",
    time: "09:00",
    recurring: "none",
    customDays: [],
    customEndDate: null,
    notificationEnabled: true,
    notificationTiming: "15-minutes",
    isException: false,
    ...overrides,
  };
}

/** The wall-clock "yyyy-MM-dd HH:mm" of an instant in a zone. */
function wall(ms: number, zone: string): string {
  const p = zonedParts(new Date(ms), zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

describe("zonedInstant", () => {
  it.each([
    // zone, date, time, expected instant: ordinary times, skipped times (the instant the clock jumps to), repeated times (the first)
    ["UTC", "2026-12-01", "09:00", "2026-12-01T09:00:00.000Z"],
    ["America/New_York", "2026-12-01", "09:00", "2026-12-01T14:00:00.000Z"],
    ["America/New_York", "2026-07-01", "09:00", "2026-07-01T13:00:00.000Z"],
    ["America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00.000Z"], // skipped: fires at 03:00 EDT
    ["America/New_York", "2026-03-08", "02:00", "2026-03-08T07:00:00.000Z"],
    ["America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00.000Z"],
    ["America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00.000Z"], // repeated: the first (EDT)
    ["America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00.000Z"],
    ["Europe/London", "2026-03-29", "01:30", "2026-03-29T01:00:00.000Z"], // skipped: 02:00 BST
    ["Europe/London", "2026-10-25", "01:30", "2026-10-25T00:30:00.000Z"], // repeated: BST
    ["Australia/Sydney", "2026-10-04", "02:30", "2026-10-03T16:00:00.000Z"], // skipped: 03:00 AEDT
    ["Australia/Sydney", "2026-04-05", "02:30", "2026-04-04T15:30:00.000Z"], // repeated: AEDT
    ["Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00.000Z"], // a half-hour jump: 02:30 +11
    ["Asia/Kolkata", "2026-03-08", "02:30", "2026-03-07T21:00:00.000Z"],
    ["America/Sao_Paulo", "2018-11-04", "00:00", "2018-11-04T03:00:00.000Z"], // midnight skipped: 01:00 -02
    ["Pacific/Kiritimati", "2026-12-01", "00:00", "2026-11-30T10:00:00.000Z"],
  ])("%s %s %s → %s", (zone, date, time, expected) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(expected);
  });

  it("does not depend on the process's own time zone", () => {
    const answers = new Set<string>();
    for (const tz of ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Australia/Lord_Howe"]) {
      vi.stubEnv("TZ", tz);
      answers.add(
        ["2026-03-08 02:30", "2026-11-01 01:30", "2026-12-01 09:00"]
          .map((text) => iso(zonedInstant(text.slice(0, 10), text.slice(11), "America/New_York")))
          .join(),
      );
    }
    vi.unstubAllEnvs();
    expect(answers.size).toBe(1);
  });
});

describe("reminderFor", () => {
  it.each<[ReminderTiming, string | null, string]>([
    ["at-time", "09:00", "2026-12-01 09:00"],
    ["5-minutes", "09:00", "2026-12-01 08:55"],
    ["15-minutes", "09:00", "2026-12-01 08:45"],
    ["30-minutes", "09:00", "2026-12-01 08:30"],
    ["1-hour", "09:00", "2026-12-01 08:00"],
    ["1-day", "09:00", "2026-11-30 09:00"],
    ["15-minutes", "00:10", "2026-11-30 23:55"], // before midnight, the day before
    // All day: 07:00 on the day for anything shorter than a day, 19:00 the evening before for 1 day.
    ["at-time", null, "2026-12-01 07:00"],
    ["5-minutes", null, "2026-12-01 07:00"],
    ["1-hour", null, "2026-12-01 07:00"],
    ["1-day", null, "2026-11-30 19:00"],
  ])("%s for 2026-12-01 %s fires at %s, in every zone", (timing, time, expected) => {
    for (const zone of ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "Pacific/Kiritimati"]) {
      const reminder = reminderFor("2026-12-01", time, timing, zone);
      expect(wall(reminder.at, zone), zone).toBe(expected);
      expect(reminder.occurrence).toBe(time === null ? "2026-12-01" : `2026-12-01T${time}`);
    }
  });

  it("counts minutes before in real minutes across a DST change, days before on the clock", () => {
    const zone = "America/New_York";
    // 03:10 EDT on the spring-forward day; 15 real minutes earlier the clock read 01:55 EST.
    expect(wall(reminderFor("2026-03-08", "03:10", "15-minutes", zone).at, zone)).toBe("2026-03-08 01:55");
    // 1 day before an event at 02:30 the day after the jump: 02:30 does not exist that night, so 03:00.
    expect(iso(reminderFor("2026-03-09", "02:30", "1-day", zone).at)).toBe("2026-03-08T07:00:00.000Z");
    // 1 hour before 02:00 EST on the fall-back day is the second 01:00 (EST), one real hour.
    expect(iso(reminderFor("2026-11-01", "02:00", "1-hour", zone).at)).toBe("2026-11-01T06:00:00.000Z");
  });
});

describe("nextEventReminder", () => {
  const zone = "America/New_York";
  const after = (text: string) => ({ after: at(text) });

  it("a one-off event: its reminder while it is still to come, then none", () => {
    const event = series();
    expect(nextEventReminder(event, new Set(), zone, after("2026-11-30T13:00:00Z"))?.occurrence).toBe("2026-11-30T09:00");
    expect(nextEventReminder(event, new Set(), zone, after("2026-11-30T13:45:00Z"))).toBeNull();
  });

  it("nothing when reminders are off, the timing unknown, or the row an exception", () => {
    const when = after("2026-11-01T00:00:00Z");
    expect(nextEventReminder(series({ notificationEnabled: false }), new Set(), zone, when)).toBeNull();
    expect(nextEventReminder(series({ notificationTiming: "2-weeks" }), new Set(), zone, when)).toBeNull();
    expect(nextEventReminder(series({ isException: true }), new Set(), zone, when)).toBeNull();
  });

  it("every occurrence of a series in turn, skipping the dates its exceptions and changed occurrences took", () => {
    const event = series({ recurring: "weekly", customDays: ["monday", "wednesday"], customEndDate: "2026-12-16" });
    const hidden = new Set(["2026-12-02", "2026-12-09"]);
    const fired: string[] = [];
    let window = after("2026-11-29T00:00:00Z");
    for (;;) {
      const next = nextEventReminder(event, hidden, zone, window);
      if (!next) break;
      fired.push(next.occurrence);
      window = { after: next.at };
    }
    expect(fired).toEqual(["2026-11-30T09:00", "2026-12-07T09:00", "2026-12-14T09:00", "2026-12-16T09:00"]);
  });

  it("an all-day series is reminded at 07:00 on each day, or 19:00 the evening before", () => {
    const daily = series({ recurring: "daily", time: null, notificationTiming: "30-minutes" });
    expect(wall(nextEventReminder(daily, new Set(), zone, after("2026-12-03T13:00:00Z"))!.at, zone)).toBe("2026-12-04 07:00");
    const dayBefore = series({ recurring: "daily", time: null, notificationTiming: "1-day" });
    const next = nextEventReminder(dayBefore, new Set(), zone, after("2026-12-03T13:00:00Z"))!;
    expect([wall(next.at, zone), next.occurrence]).toEqual(["2026-12-03 19:00", "2026-12-04"]);
  });

  it.each(["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo", "Australia/Lord_Howe"])(
    "%s: a daily 01:30 at-time series fires once a day at 01:30 (or the jump's end) through a whole year's DST changes",
    (zone) => {
      const event = series({ recurring: "daily", date: "2026-01-01", time: "01:30", notificationTiming: "at-time" });
      let window = { after: zonedInstant("2025-12-31", "12:00", zone) };
      const days: string[] = [];
      for (let i = 0; i < 365; i++) {
        const next = nextEventReminder(event, new Set(), zone, window)!;
        expect(next.at).toBeGreaterThan(window.after);
        days.push(next.occurrence.slice(0, 10));
        const clock = wall(next.at, zone).slice(11);
        // 01:30 exists every day but where the clock jumps over it (Lord Howe springs 02:00 → 02:30, others skip 01:30 only when jumping at 01:00 or midnight).
        if (clock !== "01:30") expect(["02:00", "02:30", "01:00"]).toContain(clock);
        window = { after: next.at };
      }
      // One reminder per day: no day twice (a repeated hour), none missing (a skipped one).
      expect(new Set(days).size).toBe(365);
      expect(days[0]).toBe("2026-01-01");
      expect(days[364]).toBe("2026-12-31");
    },
  );

  it("a write keeps a reminder that came due in the last 15 minutes while its event has not begun", () => {
    const event = series({ date: "2026-12-01", time: "09:00", notificationTiming: "15-minutes" });
    // 08:50: the 08:45 reminder is 5 minutes late but the event is still to come: still sent.
    expect(nextEventReminder(event, new Set(), zone, writeWindow(at("2026-12-01T13:50:00Z")))?.occurrence).toBe("2026-12-01T09:00");
    // 09:05: the event has begun: nothing to remind of any more.
    expect(nextEventReminder(event, new Set(), zone, writeWindow(at("2026-12-01T14:05:00Z")))).toBeNull();
    const daily = series({ recurring: "daily", date: "2026-11-01", notificationTiming: "15-minutes" });
    expect(nextEventReminder(daily, new Set(), zone, writeWindow(at("2026-12-01T14:05:00Z")))?.occurrence).toBe("2026-12-02T09:00");
  });
});

describe("nextTaskReminder", () => {
  const zone = "Europe/London";
  const window = { after: at("2026-11-25T00:00:00Z") };
  const task = { dueDate: "2026-12-01", dueTime: "15:00", reminder: "1-hour", completed: false };

  it("reminds before the due time; a task without one counts as due at 23:59", () => {
    expect(wall(nextTaskReminder(task, zone, window)!.at, zone)).toBe("2026-12-01 14:00");
    const noTime = nextTaskReminder({ ...task, dueTime: null }, zone, window)!;
    expect([wall(noTime.at, zone), noTime.occurrence]).toEqual(["2026-12-01 22:59", "2026-12-01T23:59"]);
  });

  it("never for a completed task, one without a due date or without a reminder, or once it has passed", () => {
    expect(nextTaskReminder({ ...task, completed: true }, zone, window)).toBeNull();
    expect(nextTaskReminder({ ...task, dueDate: null }, zone, window)).toBeNull();
    expect(nextTaskReminder({ ...task, reminder: null }, zone, window)).toBeNull();
    expect(nextTaskReminder(task, zone, { after: at("2026-12-01T14:00:00Z") })).toBeNull();
  });

  it("a changed due date is another occurrence: re-armed, not taken for the one already sent", () => {
    const moved = nextTaskReminder({ ...task, dueDate: "2026-12-02" }, zone, window)!;
    expect(moved.occurrence).toBe("2026-12-02T15:00");
  });
});

describe("evening summary", () => {
  it.each([
    ["America/New_York", "19:00", "2026-11-30T23:00:00Z", "2026-11-30 19:00"],
    ["America/New_York", "19:00", "2026-12-01T00:30:00Z", "2026-12-01 19:00"], // 19:30 local: tomorrow's
    ["Asia/Kolkata", "21:15", "2026-11-30T10:00:00Z", "2026-11-30 21:15"],
    ["America/New_York", "02:30", "2026-03-08T05:00:00Z", "2026-03-08 03:00"], // skipped time: the jump's end
  ])("%s at %s after %s: next at %s", (zone, time, after, expected) => {
    const next = nextSummaryAt(time, zone, at(after));
    expect(wall(next.at, zone)).toBe(expected);
    expect(next.date).toBe(expected.slice(0, 10));
  });

  const zone = "America/New_York";
  const evening = zonedInstant("2026-11-30", "19:00", zone);
  const task = (title: string, dueDate: string | null, dueTime: string | null = null, completed = false) => ({
    title,
    dueDate,
    dueTime,
    completed,
  });

  it("lists what is due tomorrow and what is overdue, nothing else", () => {
    const summary = eveningSummary(
      [
        task("Essay", "2026-12-01"),
        task("Lab report", "2026-12-01", "08:00"),
        task("Worksheet", "2026-11-28"),
        task("Quiz prep", "2026-11-30", "18:00"),
        task("Due tonight", "2026-11-30"), // 23:59 today: not overdue yet
        task("Done", "2026-11-28", null, true),
        task("Later", "2026-12-05"),
        task("Someday", null),
      ],
      "2026-11-30",
      evening,
      zone,
    );
    // Worded by the server in the student's language (server/services/reminder-words.test.ts).
    expect(summary).toEqual({ dueTomorrow: ["Essay", "Lab report"], overdue: ["Worksheet", "Quiz prep"] });
  });

  it("is nothing when nothing is due tomorrow or overdue", () => {
    expect(eveningSummary([task("Later", "2026-12-05"), task("Done", "2026-11-01", null, true)], "2026-11-30", evening, zone)).toBeNull();
  });

  it("keeps every title, in the list's order", () => {
    const many = Array.from({ length: 8 }, (_, i) => task(`Task ${i + 1}`, addDaysToDate("2026-11-30", 1)));
    expect(eveningSummary(many, "2026-11-30", evening, zone)?.dueTomorrow).toEqual(many.map((t) => t.title));
  });
});

describe("relativeWhen", () => {
  const zone = "America/Chicago";
  afterEach(() => vi.unstubAllEnvs());

  it("says how far the occurrence is, for the server to word", () => {
    const reminder = reminderFor("2026-12-01", "09:00", "15-minutes", zone);
    expect(relativeWhen(reminder, reminder.at, zone)).toEqual({ kind: "minutes", count: 15 });
    const hour = reminderFor("2026-12-01", "13:30", "1-hour", zone);
    expect(relativeWhen(hour, hour.at, zone)).toEqual({ kind: "hours", count: 1 });
    const day = reminderFor("2026-12-01", "09:00", "1-day", zone);
    expect(relativeWhen(day, day.at, zone)).toEqual({ kind: "tomorrow" });
    const now = reminderFor("2026-12-01", "09:00", "at-time", zone);
    expect(relativeWhen(now, now.at + 60_000, zone)).toEqual({ kind: "now" });
    const allDay = reminderFor("2026-12-01", null, "at-time", zone);
    expect(relativeWhen(allDay, allDay.at, zone)).toEqual({ kind: "today" });
    expect(relativeWhen(allDay, allDay.at - 3 * 86_400_000, zone)).toEqual({ kind: "on", date: "2026-12-01" });
    expect(relativeWhen(allDay, allDay.at + 2 * 86_400_000, zone)).toEqual({ kind: "earlier" });
  });
});
