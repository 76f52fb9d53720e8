import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskInput, Task } from "@core/schemas/task";
import { apiJson } from "@/lib/api/transport";
import { refetchTasksAfter, TASK_MUTATION_KEY } from "./get-tasks";

export type CreateTaskVariables = {
  input: CreateTaskInput;
  /** One per form submission: a retried submission with the same key is not created twice. */
  idempotencyKey: string;
};

/** POST /api/tasks → 201 with the created task (or, for a key already answered, that answer again). */
export function createTask({ input, idempotencyKey }: CreateTaskVariables): Promise<Task> {
  return apiJson<Task>("POST", "/api/tasks", input, { idempotencyKey });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: createTask,
    onSettled: refetchTasksAfter(queryClient),
  });
}
