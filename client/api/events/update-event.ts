import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateEvent } from "@/api/changes";
export { type EventEditTarget, eventUrl, type UpdateEventVariables } from "@/api/changes";
import { EVENT_MUTATION_KEY, refetchEventsAfter } from "./get-events";

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: EVENT_MUTATION_KEY, mutationFn: updateEvent, onSettled: refetchEventsAfter(queryClient) });
}
