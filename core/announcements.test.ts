import { describe, expect, it } from "vitest";
import { announcementDays, announcementWhen } from "./announcement-when";
import { type SchoolAnnouncement, shownAnnouncements } from "./announcements";

const now = Date.parse("2026-12-10T12:00:00Z");
const sent = (id: number, createdAt: string, shownUntil: string | null = null): SchoolAnnouncement => ({
  id,
  title: `Notice ${id}`,
  body: "",
  createdAt,
  shownUntil,
  event: null,
});

describe("shownAnnouncements", () => {
  const before = [
    sent(4, "2026-12-10T11:00:00Z"),
    sent(3, "2026-12-03T12:00:00Z"), // exactly 7 days: still shown
    sent(2, "2026-12-03T11:59:00Z"), // a minute more: not
    sent(1, "not a date"),
  ];

  it("keeps those sent before staff chose for the last 7 days, newest first as answered", () => {
    expect(shownAnnouncements(before, now).map((a) => a.id)).toEqual([4, 3]);
  });

  it("keeps the others until their shownUntil, however long ago they were sent (issue 49)", () => {
    const list = [
      sent(7, "2026-12-09T12:00:00Z", "2026-12-10T12:00:00Z"), // its day on Home ended just now
      sent(6, "2026-10-01T12:00:00Z", "2026-12-11T05:00:00Z"), // an event announced long ago, tomorrow
      sent(5, "2026-12-10T11:00:00Z", "2026-12-13T11:00:00Z"),
    ];
    expect(shownAnnouncements(list, now).map((a) => a.id)).toEqual([6, 5]);
  });

  it("leaves out what was dismissed on this device", () => {
    expect(shownAnnouncements(before, now, new Set([4])).map((a) => a.id)).toEqual([3]);
    expect(shownAnnouncements([], now)).toEqual([]);
  });
});

describe("announcementDays", () => {
  it("names an event's day, or its first and last, as the reader writes dates", () => {
    expect(announcementDays({ date: "2026-12-07", endDate: null, time: null }, "en")).toBe("Mon, Dec 7, 2026");
    expect(announcementDays({ date: "2026-12-07", endDate: "2026-12-09", time: "09:00" }, "en")).toBe(
      "Mon, Dec 7, 2026 – Wed, Dec 9, 2026",
    );
    expect(announcementDays({ date: "2026-12-07", endDate: null, time: null }, "es")).toBe("lun, 7 dic 2026");
  });
});

describe("announcementWhen", () => {
  it("adds the time after the days, in the reader's 12-hour clock", () => {
    expect(announcementWhen({ date: "2026-12-07", endDate: null, time: "19:00" }, "en")).toBe("Mon, Dec 7, 2026 · 7:00 PM");
    expect(announcementWhen({ date: "2026-12-07", endDate: null, time: "13:05" }, "es")).toBe("lun, 7 dic 2026 · 1:05 p. m.");
    expect(announcementWhen({ date: "2026-12-07", endDate: null, time: null }, "en")).toBe("Mon, Dec 7, 2026");
  });
});
