import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  type MutationKey,
  type QueryClient,
  type QueryKey,
  onlineManager,
} from "@tanstack/react-query";
import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import {
  createEvent,
  type CreateEventVariables,
  createTask,
  type CreateTaskVariables,
  deleteEvent,
  deleteTask,
  type DeleteTaskVariables,
  type EventEditTarget,
  optimisticEvent,
  optimisticTask,
  updateEvent,
  type UpdateEventVariables,
} from "@/api/changes";
import { EVENT_MUTATION_KEY, getEventsQueryOptions, refetchEventsAfter } from "@/api/events/get-events";
import { getTasksQueryOptions, refetchTasksAfter, TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";
import { updateTask, type UpdateTaskVariables } from "@/api/tasks/update-task";
import { ApiError } from "@/lib/api/errors";

/**
 * Changes made without a connection (docs/decisions/116, docs/product.md#offline-edits): task and
 * event changes wait in TanStack Query's mutation cache, paused, kept in IndexedDB with the query
 * cache, and are sent in the order they were made once the server answers again. This module loads
 * after the signed-in app's first screen, when the browser is idle (decision 102): until then a
 * change tried offline fails at once, as it did before.
 */

/**
 * The changes that waited are sent again one at a time, in the order made (tasks and events
 * alike), so a task's completion goes after its create: TanStack resumes paused mutations all at
 * once. (A mutation `scope` would keep the order too, but would also hold every online change
 * behind the one before it: two quick ticks would no longer go out together.)
 */
function resumeInOrder(queryClient: QueryClient): void {
  const cache = queryClient.getMutationCache();
  cache.resumePausedMutations = () => {
    // A change between its failure and its pause (the retry's delay) is waited for in its place.
    const paused = cache.getAll().filter((m) => m.state.isPaused || (m.state.status === "pending" && isOfflineEdit(m)));
    return paused.reduce<Promise<unknown>>(
      (previous, m) =>
        previous.then(() => {
          void m.continue().catch(() => undefined);
          return settled(m);
        }),
      Promise.resolve(),
    );
  };
  const settled = (m: Mutation) => settledIn(queryClient, m);
}

/**
 * Until the mutation's state says it is done: its request answers before its callbacks have run,
 * and a create's server id is handed to the changes after it only then (startOfflineEdits).
 */
function settledIn(queryClient: QueryClient, m: Mutation): Promise<void> {
  return new Promise<void>((resolve) => {
    if (m.state.status !== "pending") return resolve();
    const stop = queryClient.getMutationCache().subscribe((event) => {
      if (event.mutation === m && m.state.status !== "pending") {
        stop();
        resolve();
      }
    });
  });
}

export type TaskEdit = CreateTaskVariables | UpdateTaskVariables | DeleteTaskVariables;
type EventEdit = CreateEventVariables | UpdateEventVariables | EventEditTarget;

const isTaskKey = (key: MutationKey | undefined) => key?.[0] === TASK_MUTATION_KEY[0];
const isEventKey = (key: MutationKey | undefined) => key?.[0] === EVENT_MUTATION_KEY[0];

/** A change that may wait for the connection: a task's or an event's (admin and account changes stay online-only). */
export function isOfflineEdit(mutation: Pick<Mutation, "options">): boolean {
  const key = mutation.options.mutationKey;
  return isTaskKey(key) || isEventKey(key);
}

const isCreate = (variables: unknown): variables is CreateTaskVariables | CreateEventVariables =>
  typeof variables === "object" && variables !== null && "idempotencyKey" in variables;

/**
 * Sends a kept task change. A change restored after a reload has lost its hook's function, so the
 * kind of change is read from its variables, whose shape each kind has on its own (a create carries
 * its Idempotency-Key, an update its changes).
 */
export function sendTaskEdit(variables: TaskEdit): Promise<unknown> {
  if (isCreate(variables)) return createTask(variables);
  if ("changes" in variables) return updateTask(variables);
  return deleteTask(variables);
}

/** Sends a kept event change (see sendTaskEdit). */
export function sendEventEdit(variables: EventEdit): Promise<unknown> {
  if (isCreate(variables)) return createEvent(variables);
  if ("input" in variables) return updateEvent(variables);
  return deleteEvent(variables);
}

/** A row as the server answers it: with its ETag (decision 114). */
export type Answered<Row> = Row & { etag: string };

/** The ETag a row was answered with, if it was. */
export function etagOf(row: unknown): string | undefined {
  const etag = typeof row === "object" && row !== null ? (row as { etag?: unknown }).etag : undefined;
  return typeof etag === "string" ? etag : undefined;
}

/**
 * The row an edit or a delete is made on (not a create's; for one date of a series, the series),
 * so its ETag can go with it as If-Match.
 */
export function editedRow(kind: "tasks" | "events", variables: unknown): { id: number; holder: { etag?: string } } | undefined {
  if (typeof variables !== "object" || variables === null || isCreate(variables)) return undefined;
  if (kind === "tasks") {
    const edit = variables as UpdateTaskVariables | DeleteTaskVariables;
    return typeof edit.id === "number" ? { id: edit.id, holder: edit } : undefined;
  }
  const target = ("target" in variables ? (variables as UpdateEventVariables).target : variables) as EventEditTarget;
  return typeof target.eventId === "number" ? { id: target.eventId, holder: target } : undefined;
}

/**
 * The ETag an answered change left its row with: the answer's own, or for one date of a series
 * the series' (the answer is then the occurrence, or nothing).
 */
function etagAfter(variables: unknown, answer: unknown): string | undefined {
  const target = typeof variables === "object" && variables !== null && "target" in variables ? variables.target : variables;
  const scoped = target as Partial<EventEditTarget> | undefined;
  return scoped?.scope ? scoped.answeredSeriesEtag : etagOf(answer);
}

/**
 * "Changed on another device" (a 412 from If-Match): what the student made here, and the row as the
 * server has it now. A delete's `mine` has no changes.
 */
export type Conflict =
  | { kind: "tasks"; variables: UpdateTaskVariables | DeleteTaskVariables; current: Answered<Task> }
  | { kind: "events"; variables: UpdateEventVariables | EventEditTarget; current: Answered<CalendarEvent> };

/** "mine": sent again on the current row's ETag; "theirs": the current row is kept and the change dropped. */
export type ConflictChoice = "mine" | "theirs";

/** The row the server has now, when the error is its 412 "Changed on another device". */
export function changedElsewhere(error: unknown): { etag: string; id: number } | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const current = (error.data as { current?: unknown } | undefined)?.current;
  const etag = etagOf(current);
  const id = (current as { id?: unknown } | undefined)?.id;
  return etag && typeof id === "number" ? (current as { etag: string; id: number }) : undefined;
}

/** The list with `current` in place of the row of its id (or added back, when a delete here had taken it out). */
export function withCurrentRow<Row extends { id: number }>(rows: readonly Row[] | undefined, current: Row): Row[] | undefined {
  if (!rows) return rows;
  return rows.some((r) => r.id === current.id) ? rows.map((r) => (r.id === current.id ? current : r)) : [...rows, current];
}

/** The server could not be reached (no network, the server down, an answer lost on the way): worth waiting and sending again. A server that answers, even 503, has said no. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The task list with the changes still waiting applied, in the order made: what the student did, whatever the last read said. */
export function withPendingTaskEdits(tasks: readonly Task[], edits: readonly TaskEdit[]): Task[] {
  let list = [...tasks];
  for (const edit of edits) {
    if (isCreate(edit)) {
      if (!list.some((t) => t.id === edit.temporaryId)) list = [optimisticTask(edit), ...list];
    } else if ("changes" in edit) {
      list = list.map((t) => (t.id === edit.id ? { ...t, ...(edit.changes as Partial<Task>) } : t));
    } else {
      list = list.filter((t) => t.id !== edit.id);
    }
  }
  return list;
}

/**
 * The event list with the changes still waiting applied. A change to one date of a series (a
 * scope) is not drawn ahead: the server works out what it does to the series (decision 061).
 */
export function withPendingEventEdits(events: readonly CalendarEvent[], edits: readonly EventEdit[]): CalendarEvent[] {
  let list = [...events];
  for (const edit of edits) {
    if (isCreate(edit)) {
      if (!list.some((e) => e.id === edit.temporaryId)) list = [...list, optimisticEvent(edit)];
    } else if ("input" in edit) {
      if (edit.target.scope) continue;
      const id = edit.target.eventId;
      list = list.map((e) => {
        if (e.id !== id) return e;
        const changed = optimisticEvent({ input: { ...edit.input, parentEventId: e.parentEventId }, temporaryId: id });
        return {
          ...changed,
          ...(etagOf(e) ? { etag: etagOf(e) } : {}),
          userId: e.userId,
          createdAt: e.createdAt,
          isCompleted: e.isCompleted,
          isException: e.isException,
          exceptionDate: e.exceptionDate,
          originalDate: e.originalDate,
        };
      });
    } else if (!edit.scope) {
      list = list.filter((e) => e.id !== edit.eventId);
    }
  }
  return list;
}

/**
 * Once a create has reached the server, the changes queued after it for the same task or event
 * (completed, edited or deleted before it was sent) go to its server id. The variables are the
 * ones the queued mutation will send (and that are kept across a reload), so they are changed in
 * place. Answers whether any was.
 */
export function adoptServerId(
  pending: readonly Mutation[],
  kind: "tasks" | "events",
  temporaryId: number,
  id: number,
  etag?: string,
): boolean {
  let changed = false;
  for (const mutation of pending) {
    const key = mutation.options.mutationKey;
    const variables = mutation.state.variables as Record<string, unknown> | undefined;
    if (!variables || mutation.state.status !== "pending") continue;
    if (kind === "tasks" && isTaskKey(key) && variables.id === temporaryId) {
      variables.id = id;
      if (etag) variables.etag = etag;
      changed = true;
    }
    if (kind === "events" && isEventKey(key)) {
      const target = ("target" in variables ? variables.target : variables) as Partial<EventEditTarget>;
      if (target.eventId === temporaryId) {
        target.eventId = id;
        if (etag) target.etag = etag;
        changed = true;
      }
    }
  }
  return changed;
}

/**
 * Once an edit has reached the server, the changes queued after it for the same row were made on
 * the version it replaced (the list showed them drawn on it): they go with the ETag the server
 * answered, so the student's own changes never conflict with each other.
 */
export function adoptEtag(
  pending: readonly Mutation[],
  kind: "tasks" | "events",
  id: number,
  sent: string | undefined,
  etag: string,
): void {
  for (const mutation of pending) {
    if (mutation.options.mutationKey?.[0] !== kind || mutation.state.status !== "pending") continue;
    const row = editedRow(kind, mutation.state.variables);
    if (row && row.id === id && (row.holder.etag === sent || row.holder.etag === undefined)) row.holder.etag = etag;
  }
}

/** The offline edits waiting (or under way), oldest first. */
export function pendingEdits(queryClient: QueryClient, kind?: "tasks" | "events"): Mutation[] {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.status === "pending" && isOfflineEdit(m) && (!kind || m.options.mutationKey?.[0] === kind));
}

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function listenToBrowser(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.addEventListener !== "function") return () => {};
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the server can be reached: the browser says it is online and the last try (the health
 * check every 5 s, or a change) got through. TanStack Query's online state is this, so a change
 * made while the server is down waits (paused) instead of failing, and the queue resumes when the
 * health check passes again.
 */
function connectOnlineState(queryClient: QueryClient, healthKey: QueryKey): { unreachable: () => void; stop: () => void } {
  let reachable = true;
  let setOnline: ((online: boolean) => void) | undefined;
  const update = () => setOnline?.(browserOnline() && reachable);
  onlineManager.setEventListener((set) => {
    setOnline = set;
    update();
    return listenToBrowser(update);
  });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryHash !== JSON.stringify(healthKey)) return;
    if (event.action.type === "success") reachable = true;
    else if (event.action.type === "failed" || event.action.type === "error") reachable = false;
    else return;
    update();
  });
  return {
    unreachable: () => {
      reachable = false;
      update();
    },
    stop,
  };
}

export type OfflineEditsOptions = {
  userId: number;
  /** Where the cache is kept: IndexedDB in the app (lib/offline-store.ts). */
  storage: {
    getItem: (key: string) => Promise<string | null | undefined>;
    setItem: (key: string, value: string) => Promise<unknown>;
    removeItem: (key: string) => Promise<unknown>;
    keys: () => Promise<string[]>;
  };
  /** A change that waited and was then refused by the server: said to the student (the list is read again). */
  onRefused?: (error: Error) => void;
  /** The health check's query key, whose answers say whether the server is reachable. */
  healthKey?: QueryKey;
  /** "Changed on another device": asks the student which version to keep (without it, theirs is kept and said refused). */
  resolveConflict?: (conflict: Conflict) => Promise<ConflictChoice>;
};

const CACHE_KEY_PREFIX = "queries-";
/** One student's kept cache: emptied at sign-in and sign-out (lib/api/session-expiry.ts); another student's found here is deleted. */
export const cacheKeyFor = (userId: number) => `${CACHE_KEY_PREFIX}${userId}`;

/** What is kept for a student: their id (never another's cache restored) and the dehydrated cache. */
type KeptCache = { userId: number; savedAt: number; clientState: DehydratedState };

/** How long after a change the cache is written (changes in one moment are written once). */
export const SAVE_DELAY_MS = 100;

/**
 * The query cache kept in `storage` under the student's key: the reads (answers only) and the task
 * and event changes waiting or under way. Written with TanStack Query's own dehydrate and hydrate
 * (decision 116 says why not the persister packages).
 */
export function cacheKeeper(queryClient: QueryClient, storage: OfflineEditsOptions["storage"], userId: number) {
  const key = cacheKeyFor(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    const state = dehydrate(queryClient, { shouldDehydrateMutation: (m) => m.state.status === "pending" && isOfflineEdit(m) });
    // A change under way when the page went away is kept as waiting: sent again after the reload
    // (a create carries its Idempotency-Key, so it is never made twice).
    const mutations = state.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } }));
    const kept: KeptCache = { userId, savedAt: Date.now(), clientState: { ...state, mutations } };
    await storage.setItem(key, JSON.stringify(kept));
  };
  let soon = false;
  return {
    /** Writes when reads change (several in one moment once). */
    save: () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void write().catch(() => undefined);
      }, SAVE_DELAY_MS);
    },
    /** Writes at once (in this task's microtasks): a change made offline must be kept before the page can go. */
    saveNow: () => {
      if (soon) return;
      soon = true;
      queueMicrotask(() => {
        soon = false;
        void write().catch(() => undefined);
      });
    },
    /** Writes now (tests; a page about to close cannot wait for IndexedDB anyway). */
    flush: async () => {
      clearTimeout(timer);
      timer = undefined;
      await write();
    },
    restore: async () => {
      const text = await storage.getItem(key);
      if (!text) return;
      const kept = JSON.parse(text) as KeptCache;
      if (kept.userId !== userId) return storage.removeItem(key);
      hydrate(queryClient, kept.clientState);
    },
  };
}

/**
 * Registers what a kept change needs to be sent after a reload (its function, its retry and its
 * queue, for every kind: "No mutationFn found" otherwise), keeps the cache in `storage` under the
 * student's key, restores what was kept (the changes waiting and the reads), shows the waiting
 * changes on the lists, and sends them when the server can be reached. Returns a function that
 * stops it all.
 */
/**
 * The installed app asks that what it keeps (the waiting changes) not be evicted under storage
 * pressure. Only installed: there Chrome grants it without a prompt and Safari's Home Screen apps
 * are exempt anyway, while in a tab Firefox would ask the student a question they cannot judge.
 */
function keepStorageWhenInstalled(): void {
  if (typeof window === "undefined" || !window.matchMedia?.("(display-mode: standalone)").matches) return;
  void navigator.storage?.persist?.().catch(() => false);
}

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
    withReadEtag(isTaskKey(mutation.options.mutationKey) ? "tasks" : "events", mutation.state.variables);
  }
  // The ETags this page's own writes were answered with: a 412 naming one of them is the student's
  // own earlier change (two quick ticks of one task went out together), not another device's.
  const ownEtags = new Set<string>();
  const onConflict = async (mutation: Mutation, error: Error) => {
    const current = changedElsewhere(error);
    const kind = isTaskKey(mutation.options.mutationKey) ? "tasks" : "events";
    const variables = mutation.state.variables;
    const row = editedRow(kind, variables);
    if (!current || !row) return;
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
      const kind = isTaskKey(mutation.options.mutationKey) ? "tasks" : "events";
      if (action.type === "pending") withReadEtag(kind, action.variables);
      if (action.type === "pause" || (action.type === "pending" && action.isPaused)) waited.add(mutation);
      if (action.type === "error") {
        if (changedElsewhere(action.error)) void onConflict(mutation, action.error as Error);
        else if (waited.has(mutation)) options.onRefused?.(action.error as Error);
      }
      if (action.type === "success") {
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
    if (isOfflineEdit(mutation) && isCreate(variables)) {
      const kind = isTaskKey(mutation.options.mutationKey) ? "tasks" : "events";
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
