import type { Translate } from "@core/i18n/translate";
import type { PlanBlock } from "@core/schemas/plan";

/**
 * The focus timer (issue 51, decision 131): rounds of focus and break, worked out from the clock
 * alone, so that a timer kept on the device (hooks/use-focus-timer.ts) reads the same after a reload,
 * a phone locked in a pocket, or a night. Each uninterrupted stretch of focus is one focus session;
 * a pause ends one, and a stretch under a minute (a Start pressed by mistake) is not kept.
 */

export const DEFAULT_FOCUS_MINUTES = 25;
export const DEFAULT_BREAK_MINUTES = 5;
/** The lengths the timer offers (minutes): a round and the break after it. */
export const FOCUS_LENGTHS = [15, 25, 45, 60] as const;
export const BREAK_LENGTHS = [5, 10, 15] as const;
/** A stretch of focus shorter than this is not kept as a session. */
export const SHORTEST_SESSION_MS = 60_000;

export type FocusTimer = {
  /** The task the time lands on; null for an exam's revision or no task in particular. */
  taskId: number | null;
  /** What is being worked on, as the timer names it (null: nothing in particular). */
  title: string | null;
  focusMinutes: number;
  breakMinutes: number;
  phase: "focus" | "break";
  /** When the phase's current run began (epoch milliseconds); null while paused or waiting for the next round. */
  runningSince: number | null;
  /** Milliseconds of this phase done before that run (a pause keeps them). */
  doneMs: number;
};

/** A stretch of focus on one task, to be sent as a focus session (epoch milliseconds). */
export type FocusStretch = { taskId: number | null; startedAt: number; endedAt: number };

/** What changed when the clock moved on: the stretches of focus that ended, and whether a round or a break did. */
export type Advanced = { timer: FocusTimer; stretches: FocusStretch[]; ended: "focus" | "break" | null };

const phaseMs = (timer: FocusTimer) => (timer.phase === "focus" ? timer.focusMinutes : timer.breakMinutes) * 60_000;

/** A round of focus starting now. */
export function startFocus(what: Pick<FocusTimer, "taskId" | "title" | "focusMinutes" | "breakMinutes">, now: number): FocusTimer {
  return { ...what, phase: "focus", runningSince: now, doneMs: 0 };
}

/** Milliseconds left of the phase at `now` (never below zero). */
export function remainingMs(timer: FocusTimer, now: number): number {
  const done = timer.doneMs + (timer.runningSince === null ? 0 : Math.max(0, now - timer.runningSince));
  return Math.max(0, phaseMs(timer) - done);
}

/** Whether the timer waits, between rounds, for the student to start the next one (after a break, nothing counts by itself). */
export function isWaiting(timer: FocusTimer): boolean {
  return timer.phase === "focus" && timer.runningSince === null && timer.doneMs === 0;
}

/**
 * The timer at `now`: a round whose time is up ends (its stretch ends at the round's end, not at
 * `now`) and its break starts at once; a break whose time is up ends and the timer waits for the
 * next round. However long the page was away, at most one round and one break have passed.
 */
export function advance(timer: FocusTimer, now: number): Advanced {
  let current = timer;
  const stretches: FocusStretch[] = [];
  let ended: Advanced["ended"] = null;
  if (current.runningSince !== null && current.phase === "focus" && remainingMs(current, now) === 0) {
    const roundEnd = current.runningSince + phaseMs(current) - current.doneMs;
    stretches.push(...kept({ taskId: current.taskId, startedAt: current.runningSince, endedAt: roundEnd }));
    current = { ...current, phase: "break", runningSince: roundEnd, doneMs: 0 };
    ended = "focus";
  }
  if (current.runningSince !== null && current.phase === "break" && remainingMs(current, now) === 0) {
    current = { ...current, phase: "focus", runningSince: null, doneMs: 0 };
    ended = "break";
  }
  return { timer: current, stretches, ended };
}

/** Paused at `now`: the stretch of focus so far ends (it is a session of its own), the time done is kept. */
export function pauseFocus(timer: FocusTimer, now: number): Advanced {
  const moved = advance(timer, now);
  const { timer: current } = moved;
  if (current.runningSince === null || current.phase !== "focus") return moved;
  return {
    timer: { ...current, runningSince: null, doneMs: current.doneMs + (now - current.runningSince) },
    stretches: [...moved.stretches, ...kept({ taskId: current.taskId, startedAt: current.runningSince, endedAt: now })],
    ended: moved.ended,
  };
}

/** Running again from `now`: a paused round goes on, a waiting timer starts the next round, a break is skipped. */
export function resumeFocus(timer: FocusTimer, now: number): FocusTimer {
  if (timer.phase === "break") return { ...timer, phase: "focus", runningSince: now, doneMs: 0 };
  return timer.runningSince === null ? { ...timer, runningSince: now } : timer;
}

/** Stopped at `now`: the stretches of focus that ended, the one under way included. */
export function stopFocus(timer: FocusTimer, now: number): FocusStretch[] {
  return pauseFocus(timer, now).stretches;
}

function kept(stretch: FocusStretch): FocusStretch[] {
  return stretch.endedAt - stretch.startedAt >= SHORTEST_SESSION_MS ? [stretch] : [];
}

/** "12:05": minutes and seconds left, rounded up (a round shows 25:00 when it starts, 0:01 in its last second). */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What the timer is doing, in words: Focus, Paused, Break, or the break is over. */
export function focusPhaseText(timer: FocusTimer, t: Translate): string {
  if (isWaiting(timer)) return t("plan.break_over");
  if (timer.phase === "break") return t("plan.phase_break");
  return timer.runningSince === null ? t("plan.phase_paused") : t("plan.phase_focus");
}

/** The timer as kept on the device, or null when what is kept is not one (another version's, or damaged). */
export function parseFocusTimer(text: string | null): FocusTimer | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<FocusTimer>;
    const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
    if (
      (value.taskId === null || isNumber(value.taskId)) &&
      (value.title === null || typeof value.title === "string") &&
      (FOCUS_LENGTHS as readonly unknown[]).includes(value.focusMinutes) &&
      (BREAK_LENGTHS as readonly unknown[]).includes(value.breakMinutes) &&
      (value.phase === "focus" || value.phase === "break") &&
      (value.runningSince === null || isNumber(value.runningSince)) &&
      isNumber(value.doneMs)
    ) {
      return value as FocusTimer;
    }
  } catch {
    // Not JSON: no timer.
  }
  return null;
}

/** A block as the plan names it: the task's title, or "Revise: {exam}". */
export function blockTitle(block: PlanBlock, t: Translate): string {
  return block.kind === "exam-prep" ? t("plan.revise", { title: block.title }) : block.title;
}

/** What a timer started from a block counts on: the block's task (an exam's revision counts on no task) and its name. */
export function focusOn(block: PlanBlock, t: Translate): Pick<FocusTimer, "taskId" | "title"> {
  return { taskId: block.kind === "task" ? block.taskId : null, title: blockTitle(block, t) };
}
