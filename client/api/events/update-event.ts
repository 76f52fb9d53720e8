import { useMutation, useQueryClient } from "@tanstack/react-query";
import { scopedId, type SeriesScope } from "@core/calendar/scope-ids";
import type { CalendarEvent, CreateEventInput } from "@core/schemas/event";
import { apiJson } from "@/lib/api/transport";
import { EVENT_MUTATION_KEY, refetchEventsAfter } from "./get-events";

/**
 * What an edit changes: the whole event, or with a scope one occurrence ("This event only") or
 * the occurrence and those after it ("This and future events"), one request each (decision 061).
 */
export type EventEditTarget = { eventId: number; scope?: { kind: SeriesScope; date: string } };

export type UpdateEventVariables = { target: EventEditTarget; input: Omit<CreateEventInput, "parentEventId"> };

/** The URL id of an edit or a delete. */
export function eventUrl({ eventId, scope }: EventEditTarget): string {
  return `/api/events/${scope ? scopedId(scope.kind, eventId, scope.date) : eventId}`;
}

/** PUT /api/events/{id or scope id}: answers the event the calendar now shows. */
export function updateEvent({ target, input }: UpdateEventVariables): Promise<CalendarEvent> {
  return apiJson<CalendarEvent>("PUT", eventUrl(target), input);
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: EVENT_MUTATION_KEY, mutationFn: updateEvent, onSettled: refetchEventsAfter(queryClient) });
}
