import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CalendarEvent, CreateEventInput } from "@core/schemas/event";
import { apiJson } from "@/lib/api/transport";
import { EVENT_MUTATION_KEY, getEventsQueryOptions, refetchEventsAfter } from "./get-events";

export type CreateEventVariables = {
  input: CreateEventInput;
  /** One per form submission: a retried submission with the same key is not created twice. */
  idempotencyKey: string;
};

/** POST /api/events → 201 with the created event. */
export function createEvent({ input, idempotencyKey }: CreateEventVariables): Promise<CalendarEvent> {
  return apiJson<CalendarEvent>("POST", "/api/events", input, { idempotencyKey });
}

let temporaryIds = 0;

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
    onMutate: async ({ input }) => {
      await queryClient.cancelQueries({ queryKey });
      const temporaryId = -++temporaryIds;
      const optimistic: CalendarEvent = {
        id: temporaryId,
        userId: 0,
        title: input.title ?? "",
        description: input.description ?? null,
        subject: input.subject ?? null,
        date: input.date ?? "",
        time: input.time || null,
        eventType: input.eventType ?? "custom",
        recurring: input.recurring || "none",
        customWhenToRepeat: input.customWhenToRepeat ?? null,
        customDays: input.customDays ?? [],
        customEndDate: input.customEndDate || null,
        isCompleted: false,
        createdAt: new Date().toISOString(),
        notificationEnabled: input.notificationEnabled ?? false,
        notificationTiming: input.notificationTiming ?? null,
        parentEventId: input.parentEventId ?? null,
        isException: false,
        exceptionDate: null,
        originalDate: null,
      };
      queryClient.setQueryData(queryKey, (events) => [...(events ?? []), optimistic]);
      return { temporaryId };
    },
    onSuccess: (event, _variables, context) => {
      queryClient.setQueryData(queryKey, (events) => events?.map((e) => (e.id === context.temporaryId ? event : e)));
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(queryKey, (events) => events?.filter((e) => e.id !== context.temporaryId));
    },
    onSettled: refetchEventsAfter(queryClient),
  });
}
