import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { refetchTasksAfter } from "./get-tasks";

/** DELETE /api/tasks/{id} → 204. */
export async function deleteTask(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/tasks/${id}`);
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSettled: refetchTasksAfter(queryClient),
  });
}
