import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createEvent, optimisticEvent } from "@/api/changes";
export type { CreateEventVariables } from "@/api/changes";
import { EVENT_MUTATION_KEY, getEventsQueryOptions, refetchEventsAfter } from "./get-events";

/**
 * Creation is optimistic (docs/product.md#calendar): the event shows at once under a temporary
 * (negative) id, is replaced by the server's event on success and taken out again on failure.
 */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  const { queryKey } = getEventsQueryOptions();
  return useMutation({
    mutationKey: EVENT_MUTATION_KEY,
    mutationFn: createEvent,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (events) => [...(events ?? []), optimisticEvent(variables)]);
    },
    onSuccess: (event, { temporaryId }) => {
      queryClient.setQueryData(queryKey, (events) => events?.map((e) => (e.id === temporaryId ? event : e)));
    },
    onError: (_error, { temporaryId }) => {
      queryClient.setQueryData(queryKey, (events) => events?.filter((e) => e.id !== temporaryId));
    },
    onSettled: refetchEventsAfter(queryClient),
  });
}
