import { MutationObserver, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { task as buildTask } from "@core/test/builders";
import type { Task } from "@core/schemas/task";
import { TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";
import type { OfflineEditsOptions } from "@/sync/offline-edits";

// What the offline edits' tests (sync/offline-edits.test.ts, sync/offline-conflicts.test.ts) share.

/** A task as the list answers it (core/test/builders.ts), with this id. */
export const task = (id: number, changes: Partial<Task> = {}): Task => buildTask({ id, createdAt: "2026-11-26T12:00:00.000Z", ...changes });

/** IndexedDB's stand-in: the kept cache in a Map the test can read. */
export function memoryStorage(): OfflineEditsOptions["storage"] & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => void map.set(key, value),
    removeItem: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  };
}

/** A change through the mutation defaults only, as one restored after a reload is sent (a task's unless `mutationKey` says otherwise). */
export function change(client: QueryClient, variables: unknown, mutationKey: QueryKey = TASK_MUTATION_KEY) {
  return new MutationObserver<unknown, Error, unknown>(client, { mutationKey }).mutate(variables).catch((error: unknown) => error);
}

/** The health check answering: the server can be reached again. */
export const healthPasses = (client: QueryClient) =>
  client.fetchQuery({ queryKey: ["/api/health"], queryFn: async () => ({ status: "ok" }), staleTime: 0, networkMode: "always" });

/** The health check failing: the server cannot be reached. */
export const healthFails = (client: QueryClient) =>
  client
    .fetchQuery({
      queryKey: ["/api/health"],
      queryFn: async () => Promise.reject(new TypeError("Failed to fetch")),
      staleTime: 0,
      retry: false,
      networkMode: "always",
    })
    .catch(() => undefined);
