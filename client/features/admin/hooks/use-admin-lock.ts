import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isAdminLocked } from "../utils/admin-errors";

/**
 * Whether the panel is unlocked: the session's `adminUnlockedUntil` is still ahead and no admin
 * call since has answered "locked" (the 30 minutes ended, or Exit Admin in another tab). Any such
 * answer, from any list or change of the panel, shows the gate again; the tab stays in the URL.
 */
export function useAdminLock(unlockedUntil: string | null) {
  const queryClient = useQueryClient();
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  // The end time whose timer has fired: the gate shows when the 30 minutes are up, even without a call.
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const until = unlockedUntil === null ? Number.NaN : Date.parse(unlockedUntil);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isAdminLocked(error)) setRefusedAt(unlockedUntil ?? "");
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, unlockedUntil]);

  useEffect(() => {
    if (Number.isNaN(until)) return;
    const timer = setTimeout(() => setEndedAt(until), Math.min(Math.max(0, until - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);

  // A refusal counts against the unlock it happened under; a new unlock (a new time) clears it.
  const unlocked = !Number.isNaN(until) && endedAt !== until && refusedAt !== (unlockedUntil ?? "");
  return { unlocked };
}

/** How long before the unlock ends the panel asks "Stay unlocked?" (WCAG 2.2.1 asks for at least 20 seconds). */
export const UNLOCK_WARNING_MS = 2 * 60 * 1000;

/**
 * Whether to ask "Stay unlocked?": from two minutes before the unlock ends (at once when it ends
 * sooner), until it ends, the answer moves the end, or the question is put away for this unlock.
 */
export function useUnlockEnding(unlockedUntil: string | null, unlocked: boolean) {
  const until = unlockedUntil === null ? Number.NaN : Date.parse(unlockedUntil);
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const [putAwayFor, setPutAwayFor] = useState<number | null>(null);
  useEffect(() => {
    if (Number.isNaN(until)) return;
    const timer = setTimeout(() => setAskedFor(until), Math.min(Math.max(0, until - UNLOCK_WARNING_MS - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  return { asking: unlocked && askedFor === until && putAwayFor !== until, putAway: () => setPutAwayFor(until) };
}
