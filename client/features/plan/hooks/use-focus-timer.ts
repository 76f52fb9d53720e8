import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { PlanBlock } from "@core/schemas/plan";
import { createFocusSession, type CreateFocusSessionVariables, FOCUS_SESSION_MUTATION_KEY, focusSessionVariables } from "@/api/changes";
import { refetchAfterFocus } from "@/api/user/plan";
import { errorMessage } from "@/lib/api/errors";
import { t } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import {
  advance,
  BREAK_LENGTHS,
  DEFAULT_BREAK_MINUTES,
  DEFAULT_FOCUS_MINUTES,
  FOCUS_LENGTHS,
  focusOn,
  type FocusStretch,
  type FocusTimer,
  parseFocusTimer,
  pauseFocus,
  resumeFocus,
  startFocus,
  stopFocus,
} from "../utils/focus-timer";

/*
 * The focus timer kept on the device (decision 131): in localStorage, under the student's id, so it
 * survives a reload, a closed tab and a phone that slept, and every tab shows the same one. Its
 * sessions go through the offline queue (the sync room), so a timer that ends offline sends its
 * session when the server answers again.
 */

const KEY_PREFIX = "focus-timer-";
const keyFor = (userId: number) => `${KEY_PREFIX}${userId}`;
/** The lengths the student last chose: the next timer offers them again. */
const lengthsKeyFor = (userId: number) => `focus-lengths-${userId}`;

export type FocusLengths = Pick<FocusTimer, "focusMinutes" | "breakMinutes">;

/** The round and break lengths last chosen on this device, or the defaults (25 and 5). */
export function lastFocusLengths(userId: number): FocusLengths {
  try {
    const kept = JSON.parse(localStorage.getItem(lengthsKeyFor(userId)) ?? "null") as Partial<FocusLengths> | null;
    if (
      kept &&
      (FOCUS_LENGTHS as readonly unknown[]).includes(kept.focusMinutes) &&
      (BREAK_LENGTHS as readonly unknown[]).includes(kept.breakMinutes)
    ) {
      return { focusMinutes: kept.focusMinutes!, breakMinutes: kept.breakMinutes! };
    }
  } catch {
    // Unreadable: the defaults.
  }
  return { focusMinutes: DEFAULT_FOCUS_MINUTES, breakMinutes: DEFAULT_BREAK_MINUTES };
}
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab started, paused or stopped it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function readKept(userId: number): string | null {
  try {
    return localStorage.getItem(keyFor(userId));
  } catch {
    // Storage refused (a private window's quota): no timer kept.
    return null;
  }
}

function keep(userId: number, timer: FocusTimer | null): void {
  try {
    if (timer) localStorage.setItem(keyFor(userId), JSON.stringify(timer));
    else localStorage.removeItem(keyFor(userId));
  } catch {
    // Storage refused: the timer lasts as long as the page.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Sends ended stretches of focus as focus sessions, through the offline queue: each waits, kept,
 * while the server cannot be reached. A refusal (another device kept overlapping time, the task was
 * deleted) is said in a toast.
 */
export function sendFocusStretches(queryClient: QueryClient, stretches: readonly FocusStretch[]): void {
  for (const stretch of stretches) {
    void queryClient
      .getMutationCache()
      .build<unknown, Error, CreateFocusSessionVariables, unknown>(queryClient, {
        mutationKey: FOCUS_SESSION_MUTATION_KEY,
        mutationFn: createFocusSession,
        onSettled: refetchAfterFocus(queryClient),
      })
      .execute(focusSessionVariables(stretch))
      .catch((error: unknown) => showToast({ title: t("plan.focus_not_saved"), description: errorMessage(error), variant: "destructive" }));
  }
}

/** The timer's tick: once a second while it runs, at once when the page shows again. */
function useClock(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [running]);
  return now;
}

export type FocusTimerControls = {
  /** The timer as of `now` (null: none). */
  timer: FocusTimer | null;
  now: number;
  start: (what: Parameters<typeof startFocus>[0]) => void;
  /** A round on a study block (its task, or an exam's revision), with the lengths last chosen on this device. */
  startOnBlock: (block: PlanBlock) => void;
  pause: () => void;
  /** Goes on after a pause, starts the next round after a break, or skips the break. */
  resume: () => void;
  stop: () => void;
};

/** The student's focus timer, ticking while it runs; what each control ends is sent as a session. */
export function useFocusTimer(userId: number): FocusTimerControls {
  const queryClient = useQueryClient();
  const text = useSyncExternalStore(subscribe, () => readKept(userId));
  const kept = useMemo(() => parseFocusTimer(text), [text]);
  const now = useClock(kept?.runningSince !== null && kept?.runningSince !== undefined);

  // The clock ended a round or a break (while the page watched, or while it was away): kept, and its focus sent.
  useEffect(() => {
    if (!kept) return;
    const moved = advance(kept, now);
    if (moved.ended === null) return;
    keep(userId, moved.timer);
    sendFocusStretches(queryClient, moved.stretches);
    // The screen says it (its phase line is read out); a phone in the hand feels it too.
    navigator.vibrate?.(200);
  }, [kept, now, userId, queryClient]);

  // Each control reads the timer afresh: another tab may have changed it since this one rendered.
  const current = useCallback(() => parseFocusTimer(readKept(userId)), [userId]);
  const start = useCallback(
    (what: Parameters<typeof startFocus>[0]) => {
      const previous = current();
      if (previous) sendFocusStretches(queryClient, stopFocus(previous, Date.now()));
      try {
        localStorage.setItem(lengthsKeyFor(userId), JSON.stringify({ focusMinutes: what.focusMinutes, breakMinutes: what.breakMinutes }));
      } catch {
        // Not remembered: the next timer offers the defaults.
      }
      keep(userId, startFocus(what, Date.now()));
    },
    [current, queryClient, userId],
  );
  const startOnBlock = useCallback((block: PlanBlock) => start({ ...lastFocusLengths(userId), ...focusOn(block, t) }), [start, userId]);
  const pause = useCallback(() => {
    const timer = current();
    if (!timer) return;
    const paused = pauseFocus(timer, Date.now());
    keep(userId, paused.timer);
    sendFocusStretches(queryClient, paused.stretches);
  }, [current, queryClient, userId]);
  const resume = useCallback(() => {
    const timer = current();
    if (!timer) return;
    const moved = advance(timer, Date.now());
    keep(userId, resumeFocus(moved.timer, Date.now()));
    sendFocusStretches(queryClient, moved.stretches);
  }, [current, queryClient, userId]);
  const stop = useCallback(() => {
    const timer = current();
    if (!timer) return;
    keep(userId, null);
    sendFocusStretches(queryClient, stopFocus(timer, Date.now()));
  }, [current, queryClient, userId]);

  const timer = kept ? advance(kept, now).timer : null;
  return { timer, now, start, startOnBlock, pause, resume, stop };
}
