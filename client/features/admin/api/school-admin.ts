import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SchoolSchedule } from "@core/school-day";
import type { AnnouncementInput, AnnouncementProgress } from "@core/schemas/announcements";
import type { SchoolEvent, SchoolEventInput } from "@core/schemas/school";
import type { SchoolScheduleInput } from "@core/schemas/school-schedule";
import { apiJson } from "@/lib/api/transport";

/** The staff side of the school's day (issue 36, decisions 112 and 113): /admin/school's reads and writes. */

const announcementsKey = ["admin", "announcements"] as const;
const announcementKey = (id: number) => ["admin", "announcements", id] as const;
const schoolScheduleKey = ["admin", "school", "schedule"] as const;
const schoolEventsKey = (from: string, to: string) => ["admin", "school", "events", from, to] as const;

/** How often a sending announcement's counts are read again. */
export const PROGRESS_POLL_MS = 1000;

/** GET /api/admin/announcements: the recent ones with their device counts. */
export function useAnnouncements() {
  return useQuery({ queryKey: announcementsKey, queryFn: () => apiJson<AnnouncementProgress[]>("GET", "/api/admin/announcements") });
}

/**
 * GET /api/admin/announcements/{id}, read again every second while devices are still pending. Each
 * read's counts go into the recent list's entry too, so the list never shows it still sending
 * after the progress line says it is done.
 */
export function useAnnouncementProgress(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: announcementKey(id ?? 0),
    queryFn: async () => {
      const progress = await apiJson<AnnouncementProgress>("GET", `/api/admin/announcements/${id}`);
      queryClient.setQueryData<AnnouncementProgress[]>(announcementsKey, (list) => list?.map((a) => (a.id === progress.id ? progress : a)));
      return progress;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.pending === 0 ? false : PROGRESS_POLL_MS),
  });
}

/** POST /api/admin/announcements → 202 { id }: delivery is background work, followed by useAnnouncementProgress. */
export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => apiJson<{ id: number }>("POST", "/api/admin/announcements", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsKey, exact: true }),
  });
}

/**
 * GET /api/school/schedule: the published school day, or null until the school publishes it.
 * Kept apart from the students' read of it (its own key), so the page's edits never race it.
 */
export function usePublishedSchedule() {
  return useQuery({
    queryKey: schoolScheduleKey,
    queryFn: () => apiJson<SchoolSchedule | null>("GET", "/api/school/schedule"),
  });
}

/** PUT /api/admin/school/schedule: publishes the school day to every student following it. */
export function usePublishSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: SchoolScheduleInput) => apiJson<SchoolSchedule>("PUT", "/api/admin/school/schedule", schedule),
    onSuccess: (saved) => {
      if (saved && typeof saved === "object") queryClient.setQueryData(schoolScheduleKey, saved);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => (q.queryKey[0] === "admin" && q.queryKey[1] === "school") || q.queryKey[0] === "/api/school/schedule",
      }),
  });
}

/** GET /api/school/events?from&to: the school's events over those days. */
export function useSchoolEvents(from: string, to: string) {
  return useQuery({
    queryKey: schoolEventsKey(from, to),
    queryFn: () => apiJson<SchoolEvent[]>("GET", `/api/school/events?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
  });
}

const invalidateEvents = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === "admin" && (q.queryKey[1] === "school" || q.queryKey[1] === "announcements"),
  });

/** POST /api/admin/school/events, or PUT /api/admin/school/events/{id} for an edit. */
export function useSaveSchoolEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SchoolEventInput }) =>
      id === null
        ? apiJson<SchoolEvent>("POST", "/api/admin/school/events", input)
        : apiJson<SchoolEvent>("PUT", `/api/admin/school/events/${id}`, input),
    onSettled: () => invalidateEvents(queryClient),
  });
}

/** DELETE /api/admin/school/events/{id}. */
export function useDeleteSchoolEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<unknown>("DELETE", `/api/admin/school/events/${id}`),
    onSettled: () => invalidateEvents(queryClient),
  });
}
