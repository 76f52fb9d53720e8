import { describe, expect, it } from "vitest";
import { DEFAULT_QUICK_FILL, quickFill, shiftBellTimes } from "./bell-times";

describe("shiftBellTimes", () => {
  it("moves every period by the minutes given", () => {
    expect(
      shiftBellTimes(
        [
          { period: 1, start: "07:45", end: "08:35" },
          { period: 2, start: "08:40", end: "09:30" },
        ],
        120,
      ),
    ).toEqual([
      { period: 1, start: "09:45", end: "10:35" },
      { period: 2, start: "10:40", end: "11:30" },
    ]);
  });

  it("stops at the day's end instead of wrapping", () => {
    expect(shiftBellTimes([{ period: 8, start: "22:30", end: "23:20" }], 120)).toEqual([{ period: 8, start: "23:59", end: "23:59" }]);
  });
});

describe("quickFill", () => {
  it("fills each period from the first start, Lunch its own length, and leaves a time past 23:59 unset", () => {
    const rows = [
      { period: 1, start: "", end: "" },
      { period: 2, isLunch: true, start: "", end: "" },
      { period: 3, start: "", end: "" },
    ];
    expect(quickFill(rows, DEFAULT_QUICK_FILL).map((r) => [r.start, r.end])).toEqual([
      ["08:00", "08:50"],
      ["08:55", "09:25"],
      ["09:30", "10:20"],
    ]);
    expect(quickFill(rows, { ...DEFAULT_QUICK_FILL, firstStart: "22:30" }).map((r) => [r.start, r.end])).toEqual([
      ["22:30", "23:20"],
      ["23:25", "23:55"],
      ["", ""],
    ]);
  });
});
