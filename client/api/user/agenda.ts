import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { AgendaDay } from "@core/schemas/school";
import { apiJson } from "@/lib/api/transport";

/** Every agenda read's key starts with this: a change to the school day, the classes or the schedule source refetches them all. */
export const AGENDA_KEY = "/api/user/agenda";

/**
 * GET /api/user/agenda (decision 112): the school day of each date from `from` to `to`, worked out
 * by the server from the schedule the student follows (the school's or their own), their classes
 * and the school's events. Conditional (ETag, the school's version in it), and kept by the service
 * worker for an offline launch as every other read of the student's (decision 088).
 */
export function agendaQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [AGENDA_KEY, from, to] as const,
    queryFn: () => apiJson<AgendaDay[]>("GET", `${AGENDA_KEY}?from=${from}&to=${to}`),
    // What staff publish reaches a student at their next read: a few minutes, not the session.
    staleTime: 5 * 60 * 1000,
  });
}

export function useAgenda(from: string, to: string, enabled = true) {
  return useQuery({ ...agendaQueryOptions(from, to), enabled });
}

/** After a change the agenda is made from (the student's school day, classes, schedule source). */
export function invalidateAgenda(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [AGENDA_KEY] });
}
