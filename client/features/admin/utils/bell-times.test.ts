import { describe, expect, it } from "vitest";
import { shiftBellTimes } from "./bell-times";

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
