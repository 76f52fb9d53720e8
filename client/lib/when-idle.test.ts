import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

describe("whenIdle", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs the task once idle, or never once called off (a screen gone meanwhile)", () => {
    vi.useFakeTimers();
    vi.stubGlobal("window", { ...globalThis });
    const ran: string[] = [];
    whenIdle(() => ran.push("kept"));
    const callOff = whenIdle(() => ran.push("called off"));
    callOff();
    vi.advanceTimersByTime(600);
    expect(ran).toEqual(["kept"]);
  });
});
