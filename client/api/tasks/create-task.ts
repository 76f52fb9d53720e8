import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskInput, Task } from "@core/schemas/task";
import { apiJson } from "@/lib/api";
import { refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

/** POST /api/tasks → 201 with the created task. */
export function createTask(input: CreateTaskInput): Promise<Task> {
  return apiJson<Task>("POST", "/api/tasks", input);
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: createTask,
    onSettled: refetchTasksAfter(queryClient),
  });
}
