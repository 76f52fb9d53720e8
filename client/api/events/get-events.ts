import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { CalendarEvent } from "@core/schemas/event";
import { apiJson } from "@/lib/api/transport";

/** GET /api/events: the signed-in user's events (series, one-offs, changed occurrences, exception rows). */
export function getEvents(): Promise<CalendarEvent[]> {
  return apiJson<CalendarEvent[]>("GET", "/api/events");
}

export function getEventsQueryOptions() {
  return queryOptions({
    queryKey: ["/api/events"],
    queryFn: getEvents,
  });
}

export function useEvents() {
  return useQuery(getEventsQueryOptions());
}

/** Every event mutation carries this key, so one can tell whether others are still in flight. */
export const EVENT_MUTATION_KEY = ["events"] as const;

/** The `onSettled` of every event mutation: refetch the list, as tasks do (see refetchTasksAfter). */
export function refetchEventsAfter(queryClient: QueryClient) {
  return (_data: unknown, error: Error | null): Promise<void> | undefined => {
    if (queryClient.isMutating({ mutationKey: EVENT_MUTATION_KEY }) > 1) return undefined;
    const refetch = queryClient.invalidateQueries({ queryKey: getEventsQueryOptions().queryKey });
    return error ? undefined : refetch;
  };
}
