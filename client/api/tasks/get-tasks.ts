import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Task } from "@core/schemas/task";
import { apiJson } from "@/lib/api/transport";

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

/** Every task mutation carries this key, so one can tell whether others are still in flight. */
export const TASK_MUTATION_KEY = ["tasks"] as const;

/**
 * The `onSettled` of every task mutation: refetch the list (docs/product.md#optimistic-updates-and-rollback).
 * - Only the last of several overlapping changes refetches: a list fetched while another change
 *   is still on its way would show that change undone for a moment (the settling mutation itself
 *   still counts as in flight here, hence `> 1`).
 * - After a success the mutation waits for the fresh list, so a dialog closes on a list that
 *   already shows the change; after a failure it does not wait, so the error toast and the
 *   rollback appear at once.
 */
export function refetchTasksAfter(queryClient: QueryClient) {
  return (_data: unknown, error: Error | null): Promise<void> | undefined => {
    if (queryClient.isMutating({ mutationKey: TASK_MUTATION_KEY }) > 1) return undefined;
    const refetch = queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey });
    return error ? undefined : refetch;
  };
}
