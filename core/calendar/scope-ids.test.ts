import { describe, expect, it } from "vitest";
import { occurrenceId, parseOccurrenceId, parseScopedId, scopedId } from "./scope-ids";

describe("scope-encoded ids", () => {
  it.each([
    ["SINGLE_INSTANCE_12_2025-03-10", { scope: "SINGLE_INSTANCE", eventId: 12, date: "2025-03-10" }],
    ["FUTURE_SERIES_7_2024-02-29", { scope: "FUTURE_SERIES", eventId: 7, date: "2024-02-29" }],
    ["FUTURE_SERIES_2147483647_2025-01-01", { scope: "FUTURE_SERIES", eventId: 2147483647, date: "2025-01-01" }],
  ])("%s parses", (text, parsed) => {
    expect(parseScopedId(text)).toEqual(parsed);
    expect(scopedId(parsed.scope as "SINGLE_INSTANCE", parsed.eventId, parsed.date)).toBe(text);
  });

  it.each([
    "SINGLE_INSTANCE_12_2025-02-30",
    "SINGLE_INSTANCE_012_2025-03-10",
    "SINGLE_INSTANCE_0_2025-03-10",
    "SINGLE_INSTANCE_2147483648_2025-03-10",
    "SINGLE_INSTANCE_12_2025-3-10",
    "SINGLE_INSTANCE_12",
    "single_instance_12_2025-03-10",
    "ALL_12_2025-03-10",
    "FUTURE_SERIES_-1_2025-03-10",
    "FUTURE_SERIES_12_2025-03-10 ",
    "12",
    "",
  ])("%j is not a scoped id", (text) => {
    expect(parseScopedId(text)).toBeNull();
  });
});

describe("occurrence ids", () => {
  it("round-trip", () => {
    expect(occurrenceId(42, "2025-12-31")).toBe("42-recurring-2025-12-31");
    expect(parseOccurrenceId("42-recurring-2025-12-31")).toEqual({ eventId: 42, date: "2025-12-31" });
  });

  it.each(["42-recurring-2025-13-01", "42-recurring-", "x-recurring-2025-01-01", "42", "042-recurring-2025-01-01"])(
    "%j is not one",
    (text) => {
      expect(parseOccurrenceId(text)).toBeNull();
    },
  );
});
