import { describe, expect, it } from "vitest";
import { shiftBellTimes } from "@/components/schedule-editor/bell-times";
import { alternateForEventType } from "./bell-times";

describe("the alternate a school event follows (issue 49)", () => {
  const usual = {
    bellTimes: [
      { period: 1, start: "08:00", end: "08:50" },
      { period: 2, start: "09:00", end: "15:00" },
    ],
  };
  const delay = { id: "delay", name: "2 hours later", bellTimes: shiftBellTimes(usual.bellTimes, 120) };
  const early = {
    id: "early",
    name: "Early release",
    bellTimes: [
      { period: 1, start: "08:00", end: "08:30" },
      { period: 2, start: "08:40", end: "12:00" },
    ],
  };
  const assembly = {
    id: "assembly",
    name: "Assembly",
    bellTimes: [
      { period: 1, start: "08:00", end: "08:40" },
      { period: 2, start: "09:30", end: "15:00" },
    ],
  };

  it("a delay follows the one alternate that starts later; an early dismissal the one that ends earlier", () => {
    expect(alternateForEventType("delay", usual, [assembly, early, delay])?.id).toBe("delay");
    expect(alternateForEventType("early-dismissal", usual, [assembly, delay, early])?.id).toBe("early");
  });

  it("none for other types, without a fitting alternate, or when two fit", () => {
    expect(alternateForEventType("exam", usual, [delay])).toBeNull();
    expect(alternateForEventType("delay", usual, [assembly, early])).toBeNull();
    const later = { id: "later", name: "3 hours later", bellTimes: shiftBellTimes(usual.bellTimes, 180) };
    expect(alternateForEventType("delay", usual, [delay, later])).toBeNull();
    expect(alternateForEventType("delay", { bellTimes: [] }, [delay])).toBeNull();
  });

  it("reads rotation days' times too (an A/B schedule with no usual list)", () => {
    const ab = { bellTimesByDay: { A: usual.bellTimes, B: usual.bellTimes } };
    const abDelay = { id: "delay", name: "Delay", bellTimesByDay: { A: delay.bellTimes, B: delay.bellTimes } };
    expect(alternateForEventType("delay", ab, [abDelay])?.id).toBe("delay");
  });
});
