import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteEvent } from "@/api/changes";
import { EVENT_MUTATION_KEY, refetchEventsAfter } from "./get-events";

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: EVENT_MUTATION_KEY, mutationFn: deleteEvent, onSettled: refetchEventsAfter(queryClient) });
}
