import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task, UpdateTaskInput } from "@core/schemas/task";
import { ApiError } from "@/lib/api/errors";
import { apiJson } from "@/lib/api/transport";
import { getTasksQueryOptions, refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

/** `etag`: the task's as read when the change was made, sent as If-Match (sync/offline-edits.ts fills it in). */
export type UpdateTaskVariables = { id: number; changes: UpdateTaskInput; etag?: string };

/** PUT /api/tasks/{id}: a full edit, or a partial one such as `{ completed }`. */
export function updateTask({ id, changes, etag }: UpdateTaskVariables): Promise<Task> {
  return apiJson<Task>("PUT", `/api/tasks/${id}`, changes, { ifMatch: etag });
}

/**
 * Applies the change to the cached list at once (the completion checkbox must feel instant),
 * puts the task back as it was if the server refuses, and refetches (see refetchTasksAfter).
 * Only the failed task is restored: other changes made meanwhile keep their optimistic state.
 * `onError` runs for every failed call, after the rollback (a per-call `mutate` callback would run
 * only for the latest of several quick clicks).
 */
export function useUpdateTask(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getTasksQueryOptions();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: updateTask,
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey });
      const previousTask = queryClient.getQueryData(queryKey)?.find((t) => t.id === id);
      queryClient.setQueryData(queryKey, (tasks) => tasks?.map((t) => (t.id === id ? { ...t, ...(changes as Partial<Task>) } : t)));
      return { previousTask };
    },
    onError: (error, { id }, context) => {
      const previousTask = context?.previousTask;
      if (previousTask) queryClient.setQueryData(queryKey, (tasks) => tasks?.map((t) => (t.id === id ? previousTask : t)));
      // "Changed on another device" (a 412) is asked by the offline edits' dialog (sync/offline-edits.ts).
      if (!(error instanceof ApiError && error.status === 412)) options.onError?.(error);
    },
    onSettled: refetchTasksAfter(queryClient),
  });
}
