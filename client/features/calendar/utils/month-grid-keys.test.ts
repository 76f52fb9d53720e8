import { describe, expect, it } from "vitest";
import { keyTarget } from "./month-grid-keys";

/** "Ctrl+Home" → { key: "Home", ctrlKey: true }. */
function press(combo: string) {
  const ctrlKey = combo.startsWith("Ctrl+");
  return { key: ctrlKey ? combo.slice("Ctrl+".length) : combo, ctrlKey };
}

describe("keyTarget", () => {
  // December 2026 starts on a Tuesday and ends on a Thursday; the grid shows Nov 29 to Jan 2.
  it.each([
    ["ArrowLeft", "2026-12-15", "2026-12-14"],
    ["ArrowRight", "2026-12-15", "2026-12-16"],
    ["ArrowUp", "2026-12-15", "2026-12-08"],
    ["ArrowDown", "2026-12-15", "2026-12-22"],
    ["ArrowLeft", "2026-12-01", "2026-11-30"],
    ["ArrowRight", "2026-12-31", "2027-01-01"],
    ["ArrowUp", "2026-12-03", "2026-11-26"],
    ["ArrowDown", "2026-12-29", "2027-01-05"],
    ["Home", "2026-12-15", "2026-12-13"],
    ["End", "2026-12-15", "2026-12-19"],
    ["Home", "2026-12-02", "2026-11-29"],
    ["End", "2026-12-31", "2027-01-02"],
    ["Ctrl+Home", "2026-12-15", "2026-12-01"],
    ["Ctrl+End", "2026-12-15", "2026-12-31"],
    ["Ctrl+ArrowRight", "2026-12-15", "2026-12-16"],
  ])("%s from %s goes to %s", (combo, date, expected) => {
    expect(keyTarget(press(combo), date, "2026-12")).toEqual({ date: expected });
  });

  it.each([
    ["PageUp", "2026-12-15", -1, "2026-11-15"],
    ["PageDown", "2026-12-15", 1, "2027-01-15"],
    ["PageUp", "2026-12-31", -1, "2026-11-30"],
    ["PageDown", "2026-12-01", 1, "2027-01-01"],
    ["PageDown", "2027-01-02", 1, "2027-01-02"],
  ])("%s from %s turns the month by %i to the same day, clamped: %s", (key, date, turnMonth, expected) => {
    expect(keyTarget(press(key), date, "2026-12")).toEqual({ date: expected, turnMonth });
  });

  it("clamps Page Down from 31 January to the end of a leap February", () => {
    expect(keyTarget(press("PageDown"), "2028-01-31", "2028-01")).toEqual({ date: "2028-02-29", turnMonth: 1 });
    expect(keyTarget(press("PageDown"), "2027-01-31", "2027-01")).toEqual({ date: "2027-02-28", turnMonth: 1 });
  });

  it.each(["Enter", " ", "Tab", "a", "Escape"])("leaves %j to the grid", (key) => {
    expect(keyTarget(press(key), "2026-12-15", "2026-12")).toBeNull();
  });
});
