import { type Mutation, type QueryClient, type QueryKey, onlineManager } from "@tanstack/react-query";
import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import { createFocusSession, type CreateFocusSessionVariables, FOCUS_SESSION_MUTATION_KEY } from "@/api/changes";
import { EVENT_MUTATION_KEY, getEventsQueryOptions, refetchEventsAfter } from "@/api/events/get-events";
import { getTasksQueryOptions, refetchTasksAfter, TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";
import { refetchAfterFocus } from "@/api/user/plan";
import { CACHE_KEY_PREFIX, cacheKeeper, cacheKeyFor, keepStorageWhenInstalled, type KeptStorage } from "./cache-keeper";
import { changedElsewhere, type Conflict, type ConflictChoice, withCurrentRow } from "./conflicts";
import {
  editedRow,
  etagAfter,
  etagOf,
  type EventEdit,
  isCreate,
  isOfflineEdit,
  editedList,
  isUnreachable,
  pendingEdits,
  sendEventEdit,
  sendTaskEdit,
  type TaskEdit,
} from "./edits";
import { connectOnlineState, resumeInOrder, settledIn } from "./offline-queue";
import { adoptEtag, adoptServerId, withPendingEventEdits, withPendingTaskEdits } from "./pending-overlay";

/**
 * Changes made without a connection (docs/decisions/116, docs/product.md#offline-edits): task and
 * event changes wait in TanStack Query's mutation cache, paused, kept in IndexedDB with the query
 * cache, and are sent in the order they were made once the server answers again. This module loads
 * after the signed-in app's first screen, when the browser is idle (decision 102): until then a
 * change tried offline fails at once, as it did before.
 */

export type OfflineEditsOptions = {
  userId: number;
  /** Where the cache is kept: IndexedDB in the app (sync/offline-store.ts). */
  storage: KeptStorage;
  /** A change that waited and was then refused by the server: said to the student (the list is read again). */
  onRefused?: (error: Error) => void;
  /** The health check's query key, whose answers say whether the server is reachable. */
  healthKey?: QueryKey;
  /** "Changed on another device": asks the student which version to keep (without it, theirs is kept and said refused). */
  resolveConflict?: (conflict: Conflict) => Promise<ConflictChoice>;
};

/**
 * Registers what a kept change needs to be sent after a reload (its function, its retry and its
 * queue, for every kind: "No mutationFn found" otherwise), keeps the cache in `storage` under the
 * student's key, restores what was kept (the changes waiting and the reads), shows the waiting
 * changes on the lists, and sends them when the server can be reached. Returns a function that
 * stops it all.
 */
export async function startOfflineEdits(queryClient: QueryClient, options: OfflineEditsOptions): Promise<() => void> {
  // The health check (networkMode "always", api/health/get-health.ts) says when the server answers again.
  const online = connectOnlineState(queryClient, options.healthKey ?? ["/api/health"]);
  const retry = (_failures: number, error: Error) => {
    if (!isUnreachable(error)) return false;
    online.unreachable();
    return true;
  };
  const common = {
    // Waits, paused, while the server cannot be reached; a refusal is not tried again.
    networkMode: "online" as const,
    retry,
    retryDelay: 1000,
  };
  resumeInOrder(queryClient);
  // A hook's own options (its function, its optimistic update and rollback) come on top of these;
  // a change restored after a reload has only these.
  queryClient.setMutationDefaults(TASK_MUTATION_KEY, {
    ...common,
    mutationFn: (variables: TaskEdit) => sendTaskEdit(variables),
    onSettled: refetchTasksAfter(queryClient),
  });
  queryClient.setMutationDefaults(EVENT_MUTATION_KEY, {
    ...common,
    mutationFn: (variables: EventEdit) => sendEventEdit(variables),
    onSettled: refetchEventsAfter(queryClient),
  });
  queryClient.setMutationDefaults(FOCUS_SESSION_MUTATION_KEY, {
    ...common,
    mutationFn: (variables: CreateFocusSessionVariables) => createFocusSession(variables),
    onSettled: refetchAfterFocus(queryClient),
  });

  const tasksKey = getTasksQueryOptions().queryKey;
  const eventsKey = getEventsQueryOptions().queryKey;
  const overlay = () => {
    const taskEdits = pendingEdits(queryClient, "tasks").map((m) => m.state.variables as TaskEdit);
    if (taskEdits.length) queryClient.setQueryData(tasksKey, (tasks) => tasks && withPendingTaskEdits(tasks, taskEdits));
    const eventEdits = pendingEdits(queryClient, "events").map((m) => m.state.variables as EventEdit);
    if (eventEdits.length) queryClient.setQueryData(eventsKey, (events) => events && withPendingEventEdits(events, eventEdits));
  };

  const keeper = cacheKeeper(queryClient, options.storage, options.userId);
  keepStorageWhenInstalled();
  // Another student's cache (a school computer whose sign-in did not pass through this page).
  for (const key of await options.storage.keys().catch(() => [])) {
    if (key.startsWith(CACHE_KEY_PREFIX) && key !== cacheKeyFor(options.userId)) await options.storage.removeItem(key);
  }
  const before = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash),
  );
  // A student's changes are never discarded for age; the kept reads are read again (below).
  await keeper.restore().catch(() => undefined);
  // Reads restored from the store are older than any the page has: marked stale, so a screen
  // showing them asks the server (or the service worker's copy) again.
  await queryClient.invalidateQueries({ predicate: (q) => !before.has(q.queryHash) });
  overlay();
  // The changes that waited: a refusal of one is said in a toast, since the dialog it was made in
  // (and its own message) may be long gone. A change that never waited keeps its screen's message.
  const waited = new WeakSet<Mutation>(pendingEdits(queryClient));

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    // A fresh read of the lists (from the server, or from the service worker offline) does not
    // know the changes still waiting: they are drawn on it again.
    if (event.type === "updated" && event.action.type === "success" && !event.action.manual) {
      const hash = event.query.queryHash;
      if (hash === JSON.stringify(tasksKey) || hash === JSON.stringify(eventsKey)) overlay();
    }
    if (event.type === "added" || event.type === "removed" || event.type === "updated") keeper.save();
  });
  const keyOf = (kind: "tasks" | "events") => (kind === "tasks" ? tasksKey : eventsKey);
  // The ETag of the row as this page last read it goes with a change as If-Match (an earlier
  // change to it still waiting hands its answer's on: adoptEtag).
  const withReadEtag = (kind: "tasks" | "events", variables: unknown) => {
    const row = editedRow(kind, variables);
    if (row && row.holder.etag === undefined) {
      const rows = queryClient.getQueryData<{ id: number }[]>(keyOf(kind));
      row.holder.etag = etagOf(rows?.find((r) => r.id === row.id));
    }
  };
  // Changes made before this module loaded (lib/query-client.ts keeps them trying): their next try
  // goes with it too.
  for (const mutation of pendingEdits(queryClient)) {
    const kind = editedList(mutation);
    if (kind) withReadEtag(kind, mutation.state.variables);
  }
  // The ETags this page's own writes were answered with: a 412 naming one of them is the student's
  // own earlier change (two quick ticks of one task went out together), not another device's.
  const ownEtags = new Set<string>();
  const onConflict = async (mutation: Mutation, error: Error) => {
    const current = changedElsewhere(error);
    const kind = editedList(mutation);
    const variables = mutation.state.variables;
    const row = kind && editedRow(kind, variables);
    if (!current || !kind || !row) return;
    const earlier = pendingEdits(queryClient, kind).filter(
      (m) => m.mutationId < mutation.mutationId && editedRow(kind, m.state.variables)?.id === row.id,
    );
    await Promise.all(earlier.map((m) => settledIn(queryClient, m)));
    let choice: ConflictChoice = "mine";
    if (!ownEtags.has(current.etag)) {
      choice = options.resolveConflict ? await options.resolveConflict({ kind, variables, current } as Conflict) : "theirs";
    }
    if (choice === "theirs") {
      if (kind === "tasks") queryClient.setQueryData(tasksKey, (rows) => withCurrentRow(rows, current as unknown as Task));
      else queryClient.setQueryData(eventsKey, (rows) => withCurrentRow(rows, current as unknown as CalendarEvent));
      if (!options.resolveConflict) options.onRefused?.(error);
      return;
    }
    // Mine again, on the version the server has now: through the queue, so it waits if the
    // connection has gone meanwhile, and shows at once.
    const again = structuredClone(variables);
    editedRow(kind, again)!.holder.etag = current.etag;
    void queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: mutation.options.mutationKey })
      .execute(again)
      .catch(() => undefined);
    overlay();
  };
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && isOfflineEdit(event.mutation)) {
      const { action, mutation } = event;
      const kind = editedList(mutation);
      if (action.type === "pending" && kind) withReadEtag(kind, action.variables);
      if (action.type === "pause" || (action.type === "pending" && action.isPaused)) waited.add(mutation);
      if (action.type === "error") {
        if (changedElsewhere(action.error)) void onConflict(mutation, action.error as Error);
        else if (waited.has(mutation)) options.onRefused?.(action.error as Error);
      }
      if (action.type === "success" && kind) {
        const etag = etagAfter(mutation.state.variables, action.data);
        const row = editedRow(kind, mutation.state.variables);
        if (etag) ownEtags.add(etag);
        if (etag && row) adoptEtag(pendingEdits(queryClient, kind), kind, row.id, row.holder.etag, etag);
      }
    }
    if (event.type !== "updated" || event.action.type !== "success") {
      if (event.type === "added" || event.type === "removed" || event.type === "updated") keeper.saveNow();
      return;
    }
    const { mutation } = event;
    const variables = mutation.state.variables;
    const kind = editedList(mutation);
    if (kind && isCreate(variables)) {
      const created = event.action.data as { id: number } | undefined;
      if (created && typeof created.id === "number") {
        adoptServerId(pendingEdits(queryClient), kind, variables.temporaryId, created.id, etagOf(created));
        // The list may already hold the server's row (a read between the answer and now): the
        // temporary one then goes, otherwise it becomes the server's.
        const swap = <Row extends { id: number }>(rows: Row[] | undefined) =>
          rows?.some((r) => r.id === created.id)
            ? rows.filter((r) => r.id !== variables.temporaryId)
            : rows?.map((r) => (r.id === variables.temporaryId ? (created as Row) : r));
        if (kind === "tasks") queryClient.setQueryData(tasksKey, (tasks) => swap(tasks));
        else queryClient.setQueryData(eventsKey, (events) => swap(events));
      }
    }
    keeper.saveNow();
  });
  keeper.save();

  // What was kept waiting is sent now if the server answers (otherwise when it does).
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();

  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
    online.stop();
  };
}
