import { describe, expect, it } from "vitest";
import { alternateIdFor, forDays, hasDays } from "./schedule-document";

describe("the school's schedule document, as staff edit it", () => {
  it("names an alternate from its name, unique among the others", () => {
    expect(alternateIdFor("2-Hour Delay", [])).toBe("2-hour-delay");
    expect(alternateIdFor("2-Hour Delay", ["2-hour-delay", "2-hour-delay-2"])).toBe("2-hour-delay-3");
    expect(alternateIdFor("¡Salida temprana!", [])).toBe("salida-temprana");
    expect(alternateIdFor("!!!", [])).toBe("alternate");
    expect(alternateIdFor("A very long name for an assembly schedule", [])).toHaveLength(24);
  });

  it("gives each rotation day its part, the unset ones the fallback, and none without a rotation", () => {
    expect(forDays(["A", "B"], { A: 1 }, 0)).toEqual({ A: 1, B: 0 });
    expect(forDays([], { A: 1 }, 0)).toBeUndefined();
    expect(forDays(["A"], null, 0)).toBeUndefined();
    expect(hasDays({})).toBe(false);
    expect(hasDays(undefined)).toBe(false);
    expect(hasDays({ A: 1 })).toBe(true);
  });
});
