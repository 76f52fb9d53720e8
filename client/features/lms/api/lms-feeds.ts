import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateLmsFeedInput, LmsFeed, LmsFeedImport } from "@core/schemas/lms-feeds";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { apiJson, apiRequest } from "@/lib/api/transport";

/** GET /api/user/feeds: the student's LMS feeds (decision 117). */
export const lmsFeedsQueryOptions = queryOptions({
  queryKey: ["/api/user/feeds"] as const,
  queryFn: () => apiJson<LmsFeed[]>("GET", "/api/user/feeds"),
});

export function useLmsFeeds() {
  return useQuery(lmsFeedsQueryOptions);
}

/** An import brings tasks: the feeds and the task lists are read again. */
function useAfterImport() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lmsFeedsQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey });
  };
}

export function useAddLmsFeed() {
  const after = useAfterImport();
  return useMutation({
    mutationFn: (input: CreateLmsFeedInput) => apiJson<LmsFeedImport>("POST", "/api/user/feeds", input),
    onSuccess: after,
  });
}

export function useRefreshLmsFeed() {
  const after = useAfterImport();
  return useMutation({
    mutationFn: (id: number) => apiJson<LmsFeedImport>("POST", `/api/user/feeds/${id}/refresh`),
    onSettled: after,
  });
}

export function useRemoveLmsFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/user/feeds/${id}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lmsFeedsQueryOptions.queryKey }),
  });
}
