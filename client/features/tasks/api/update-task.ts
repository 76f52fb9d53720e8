import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task, UpdateTaskInput } from "@core/schemas/task";
import { apiJson } from "@/lib/api";
import { getTasksQueryOptions, refetchTasksAfter } from "./get-tasks";

export type UpdateTaskVariables = { id: number; changes: UpdateTaskInput };

/** PUT /api/tasks/{id}: a full edit, or a partial one such as `{ completed }`. */
export function updateTask({ id, changes }: UpdateTaskVariables): Promise<Task> {
  return apiJson<Task>("PUT", `/api/tasks/${id}`, changes);
}

/**
 * Applies the change to the cached list at once (the completion checkbox must feel instant),
 * puts the previous list back if the server refuses, and refetches either way.
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  const { queryKey } = getTasksQueryOptions();
  return useMutation({
    mutationFn: updateTask,
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (tasks) =>
        tasks?.map((t) => (t.id === id ? { ...t, ...(changes as Partial<Task>) } : t)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: refetchTasksAfter(queryClient),
  });
}
