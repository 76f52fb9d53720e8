import { describe, expect, it } from "vitest";
import {
  advance,
  type FocusTimer,
  isWaiting,
  parseFocusTimer,
  pauseFocus,
  remainingMs,
  resumeFocus,
  startFocus,
  stopFocus,
} from "./focus-timer";

const MINUTE = 60_000;
const at = (minutes: number) => Date.UTC(2026, 10, 30, 16, 0) + minutes * MINUTE;
const essay = startFocus({ taskId: 7, title: "Essay", focusMinutes: 25, breakMinutes: 5 }, at(0));

describe("the focus timer", () => {
  it("counts a round down and, when it is up, keeps the round as one session ending at the round's end, then breaks", () => {
    expect(remainingMs(essay, at(10))).toBe(15 * MINUTE);
    expect(advance(essay, at(24)).stretches).toEqual([]);
    const later = advance(essay, at(27));
    expect(later.ended).toBe("focus");
    expect(later.stretches).toEqual([{ taskId: 7, startedAt: at(0), endedAt: at(25) }]);
    expect(later.timer).toMatchObject({ phase: "break", runningSince: at(25) });
    expect(remainingMs(later.timer, at(27))).toBe(3 * MINUTE);
  });

  it("after a break, waits for the student: a page away all evening finds one round, one break, and nothing counted since", () => {
    const next = advance(essay, at(300));
    expect(next.stretches).toEqual([{ taskId: 7, startedAt: at(0), endedAt: at(25) }]);
    expect(next.ended).toBe("break");
    expect(isWaiting(next.timer)).toBe(true);
    expect(remainingMs(next.timer, at(400))).toBe(25 * MINUTE);
    expect(advance(next.timer, at(500)).stretches).toEqual([]);
    const second = resumeFocus(next.timer, at(500));
    expect(advance(second, at(526)).stretches).toEqual([{ taskId: 7, startedAt: at(500), endedAt: at(525) }]);
  });

  it("a pause ends a session; the round goes on from where it stopped, and its time still adds up to the round", () => {
    const paused = pauseFocus(essay, at(10));
    expect(paused.stretches).toEqual([{ taskId: 7, startedAt: at(0), endedAt: at(10) }]);
    expect(remainingMs(paused.timer, at(60))).toBe(15 * MINUTE);
    const resumed = resumeFocus(paused.timer, at(60));
    const done = advance(resumed, at(78));
    expect(done.stretches).toEqual([{ taskId: 7, startedAt: at(60), endedAt: at(75) }]);
    expect(done.timer.phase).toBe("break");
  });

  it("stopping keeps the stretch under way; under a minute of focus is not a session", () => {
    expect(stopFocus(essay, at(12))).toEqual([{ taskId: 7, startedAt: at(0), endedAt: at(12) }]);
    expect(stopFocus(essay, at(0.5))).toEqual([]);
    expect(pauseFocus(essay, at(0.9)).stretches).toEqual([]);
    // Stopped long after the round: the round, and nothing of the break or the wait.
    expect(stopFocus(essay, at(90))).toEqual([{ taskId: 7, startedAt: at(0), endedAt: at(25) }]);
  });

  it("skipping the break starts the next round now", () => {
    const onBreak = advance(essay, at(26)).timer;
    const next = resumeFocus(onBreak, at(26));
    expect(next).toMatchObject({ phase: "focus", runningSince: at(26), doneMs: 0 });
  });

  it("reads back only a timer it could have written", () => {
    expect(parseFocusTimer(JSON.stringify(essay))).toEqual(essay);
    expect(parseFocusTimer(null)).toBeNull();
    expect(parseFocusTimer("{")).toBeNull();
    expect(parseFocusTimer(JSON.stringify({ ...essay, focusMinutes: 7 }))).toBeNull();
    expect(parseFocusTimer(JSON.stringify({ ...essay, phase: "nap" } as unknown as FocusTimer))).toBeNull();
  });
});
