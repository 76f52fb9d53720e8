import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/transport";
import { EVENT_MUTATION_KEY, refetchEventsAfter } from "./get-events";
import { type EventEditTarget, eventUrl } from "./update-event";

/** DELETE /api/events/{id or scope id} → 204 (decision 061). */
export async function deleteEvent(target: EventEditTarget): Promise<void> {
  await apiRequest("DELETE", eventUrl(target));
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: EVENT_MUTATION_KEY, mutationFn: deleteEvent, onSettled: refetchEventsAfter(queryClient) });
}
