import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Task } from "@core/schemas/task";
import { apiJson } from "@/lib/api";

/** GET /api/tasks: the signed-in user's tasks, newest first. */
export function getTasks(): Promise<Task[]> {
  return apiJson<Task[]>("GET", "/api/tasks");
}

export function getTasksQueryOptions() {
  return queryOptions({
    queryKey: ["/api/tasks"],
    queryFn: getTasks,
  });
}

export function useTasks() {
  return useQuery(getTasksQueryOptions());
}
