import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedState } from "@core/schemas/calendar-feed";
import { apiJson } from "@/lib/api/transport";

const feedQuery = queryOptions({
  queryKey: ["/api/calendar-feed"] as const,
  queryFn: () => apiJson<CalendarFeedState>("GET", "/api/calendar-feed"),
});

export function useCalendarFeed() {
  return useQuery(feedQuery);
}

/** POST turns the feed on or resets its address; DELETE turns it off. Each answers the new state. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: "on" | "reset" | "off") => apiJson<CalendarFeedState>(change === "off" ? "DELETE" : "POST", "/api/calendar-feed"),
    onSuccess: (state) => queryClient.setQueryData(feedQuery.queryKey, state),
  });
}
