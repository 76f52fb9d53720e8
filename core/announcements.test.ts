import { describe, expect, it } from "vitest";
import { type SchoolAnnouncement, shownAnnouncements } from "./announcements";

const now = Date.parse("2026-12-10T12:00:00Z");
const sent = (id: number, createdAt: string): SchoolAnnouncement => ({ id, title: `Notice ${id}`, body: "", createdAt });

describe("shownAnnouncements", () => {
  const list = [
    sent(4, "2026-12-10T11:00:00Z"),
    sent(3, "2026-12-03T12:00:00Z"), // exactly 7 days: still shown
    sent(2, "2026-12-03T11:59:00Z"), // a minute more: not
    sent(1, "not a date"),
  ];

  it("keeps the last 7 days, newest first as answered", () => {
    expect(shownAnnouncements(list, now).map((a) => a.id)).toEqual([4, 3]);
  });

  it("leaves out what was dismissed on this device", () => {
    expect(shownAnnouncements(list, now, new Set([4])).map((a) => a.id)).toEqual([3]);
    expect(shownAnnouncements([], now)).toEqual([]);
  });
});
