import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task } from "@core/schemas/task";
import { deleteTask } from "@/api/changes";
import { getTasksQueryOptions, refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

/**
 * The task leaves the list at once (so a delete made offline shows while it waits, docs/product.md#offline-edits)
 * and comes back if the server refuses.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  const { queryKey } = getTasksQueryOptions();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: deleteTask,
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey });
      const tasks = queryClient.getQueryData(queryKey);
      const index = tasks?.findIndex((t) => t.id === id) ?? -1;
      const previous: { task: Task; index: number } | undefined = index >= 0 ? { task: tasks![index]!, index } : undefined;
      queryClient.setQueryData(queryKey, (list) => list?.filter((t) => t.id !== id));
      return previous;
    },
    onError: (_error, { id }, previous) => {
      if (previous)
        queryClient.setQueryData(queryKey, (list) =>
          list && !list.some((t) => t.id === id) ? [...list.slice(0, previous.index), previous.task, ...list.slice(previous.index)] : list,
        );
    },
    onSettled: refetchTasksAfter(queryClient),
  });
}
