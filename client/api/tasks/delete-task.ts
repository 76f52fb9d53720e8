import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/transport";
import { refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

/** DELETE /api/tasks/{id} → 204. */
export async function deleteTask(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/tasks/${id}`);
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: deleteTask,
    onSettled: refetchTasksAfter(queryClient),
  });
}
