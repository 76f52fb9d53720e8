import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createTask, optimisticTask } from "@/api/changes";
export { type CreateTaskVariables, newTemporaryId } from "@/api/changes";
import { getTasksQueryOptions, refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

/**
 * Creation shows the task at once under its temporary id (newest first, as the list is), so a task
 * added offline is there while its change waits (docs/product.md#offline-edits); the server's task
 * replaces it on success, and a refusal takes it out again.
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  const { queryKey } = getTasksQueryOptions();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: createTask,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (tasks) => [optimisticTask(variables), ...(tasks ?? [])]);
    },
    onSuccess: (task, { temporaryId }) => {
      queryClient.setQueryData(queryKey, (tasks) => tasks?.map((t) => (t.id === temporaryId ? task : t)));
    },
    onError: (_error, { temporaryId }) => {
      queryClient.setQueryData(queryKey, (tasks) => tasks?.filter((t) => t.id !== temporaryId));
    },
    onSettled: refetchTasksAfter(queryClient),
  });
}
