import type { MutationKey, QueryClient } from "@tanstack/react-query";
import { EVENT_MUTATION_KEY } from "@/api/events/get-events";
import { TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";

/**
 * Live updates (issue 37, docs/decisions/114): the server's `GET /api/stream` says which of a
 * student's lists changed (`event: changed`, `data: {"lists":["tasks"]}`), never what they hold; each
 * event becomes a TanStack Query invalidation, and the reads on screen refetch (cheap: ETags, 304s).
 *
 * A browser allows six connections per origin over HTTP/1.1 across all its tabs, so one tab holds
 * the stream for all of them (the leader, elected with the Web Locks API) and tells the others over
 * a BroadcastChannel. The stream is closed while the leader's page is hidden (a phone in a pocket
 * keeps no connection open); when a page shows again it refetches what may have changed meanwhile.
 */

export const LIVE_LISTS = ["tasks", "events", "user", "schedule", "school", "preferences"] as const;
export type LiveList = (typeof LIVE_LISTS)[number];

/**
 * The first element of the query keys each list's change makes stale. The agenda is made from the
 * school's day, the student's schedule and classes (on the user) and the schedule source.
 */
const READS_OF_LIST: Record<LiveList, readonly string[]> = {
  tasks: ["/api/tasks"],
  events: ["/api/events"],
  user: ["/api/user", "/api/user/sign-in-methods", "/api/user/agenda"],
  schedule: ["/api/user/schedule", "/api/user/agenda"],
  school: ["/api/school/schedule", "/api/school/announcements", "/api/school/events", "/api/user/agenda"],
  preferences: ["/api/user/preferences", "/api/user/agenda"],
};

export const STREAM_PATH = "/api/stream";
const LEADER_LOCK = "student-hub-live-stream";
const CHANNEL = "student-hub-live-updates";
/** EventSource.CLOSED: the stream gave up and will not reconnect by itself. */
const CLOSED = 2;
/** A stream refused is tried again after 5 to 15 s, spread so that a restarted server is not met by every browser at once. */
const REOPEN_AFTER_MS = () => 5000 + Math.random() * 10_000;

/** The lists an event's data names; anything else (a newer server's list, a malformed body) is left out. */
export function listsOfEvent(data: string): LiveList[] {
  try {
    const parsed: unknown = JSON.parse(data);
    const lists = (parsed as { lists?: unknown }).lists;
    if (!Array.isArray(lists)) return [];
    return LIVE_LISTS.filter((list) => lists.includes(list));
  } catch {
    return [];
  }
}

/**
 * The mutation key of the lists a student changes from this device (api/tasks, api/events). While
 * one of their changes is on its way or waiting offline (decision 116), an event for that list is
 * most likely the echo of it: the list is refetched when the last change settles (`refetchTasksAfter`),
 * not now, when the waiting rows would show beside the server's copy of them.
 */
const MUTATION_KEY_OF_LIST: Partial<Record<LiveList, MutationKey>> = { tasks: TASK_MUTATION_KEY, events: EVENT_MUTATION_KEY };

/** Marks the reads of these lists stale; the ones on screen refetch at once. */
export function invalidateLists(queryClient: QueryClient, lists: readonly LiveList[]): Promise<void> {
  const settled = lists.filter((list) => {
    const key = MUTATION_KEY_OF_LIST[list];
    return key === undefined || queryClient.isMutating({ mutationKey: key }) === 0;
  });
  const paths = new Set(settled.flatMap((list) => READS_OF_LIST[list]));
  if (paths.size === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: (query) => paths.has(String(query.queryKey[0])) });
}

/** Everything a stream could have said while there was none: each list. */
const invalidateAll = (queryClient: QueryClient) => invalidateLists(queryClient, LIVE_LISTS);

type Message = { lists: LiveList[] };

export interface LiveUpdatesEnvironment {
  readonly document: Pick<Document, "hidden" | "addEventListener" | "removeEventListener">;
  readonly locks?: Pick<LockManager, "request">;
  openStream(url: string): EventSource;
  openChannel?(name: string): BroadcastChannel;
}

function browserEnvironment(): LiveUpdatesEnvironment {
  return {
    document,
    locks: typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined,
    openStream: (url) => new EventSource(url, { withCredentials: true }),
    openChannel: typeof BroadcastChannel === "function" ? (name) => new BroadcastChannel(name) : undefined,
  };
}

/**
 * Starts live updates for the signed-in student; the returned function stops them (sign-out, another
 * account). Without Web Locks (Safari before 15.4) each tab holds its own stream.
 */
export function startLiveUpdates(queryClient: QueryClient, env: LiveUpdatesEnvironment = browserEnvironment()): () => void {
  let stopped = false;
  let stream: EventSource | undefined;
  /** True while the last stream was lost or closed: the next open refetches everything. */
  let missedEvents = false;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const channel = env.openChannel?.(CHANNEL);

  const onChanged = (event: MessageEvent<string>) => {
    const lists = listsOfEvent(event.data);
    if (lists.length === 0) return;
    void invalidateLists(queryClient, lists);
    channel?.postMessage({ lists } satisfies Message);
  };
  const onOpen = () => {
    if (!missedEvents) return;
    missedEvents = false;
    void invalidateAll(queryClient);
    channel?.postMessage({ lists: [...LIVE_LISTS] } satisfies Message);
  };
  // EventSource reconnects by itself after a dropped connection (the server's `retry:`), but gives up
  // on an answer that is not a stream: a 401 once the session ended, a 503 while the instance cannot
  // hear changes. Then the user is asked again (signed out: the updates stop with the account) and
  // the stream is reopened after a while.
  const onError = () => {
    missedEvents = true;
    if (stream?.readyState !== CLOSED) return;
    closeStream();
    void queryClient.invalidateQueries({ queryKey: ["/api/user"], exact: true });
    reopenTimer ??= setTimeout(() => {
      reopenTimer = undefined;
      if (leadership && !env.document.hidden) openStream();
    }, REOPEN_AFTER_MS());
  };

  const openStream = () => {
    if (stream || stopped) return;
    stream = env.openStream(STREAM_PATH);
    stream.addEventListener("changed", onChanged as EventListener);
    stream.addEventListener("open", onOpen);
    stream.addEventListener("error", onError);
  };
  const closeStream = () => {
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = undefined;
    if (!stream) return;
    stream.removeEventListener("changed", onChanged as EventListener);
    stream.removeEventListener("open", onOpen);
    stream.removeEventListener("error", onError);
    stream.close();
    stream = undefined;
    missedEvents = true;
  };

  /** The current leadership (held or waited for); releasing it closes its stream and frees the lock. */
  let leadership: { release(): void } | undefined;

  const lead = () => {
    if (stopped || env.document.hidden || leadership) return;
    const locks = env.locks;
    if (!locks) {
      leadership = { release: closeStream };
      openStream();
      return;
    }
    const abort = new AbortController();
    let resolveHeld!: () => void;
    const held = new Promise<void>((resolve) => (resolveHeld = resolve));
    const mine = {
      release() {
        closeStream();
        abort.abort();
        resolveHeld();
      },
    };
    leadership = mine;
    const holdStream = (takeover: boolean) => {
      // Released before the lock came (the page was hidden, the updates stopped): nothing to hold.
      if (leadership !== mine) return undefined;
      // Taking over from another tab: whatever changed between its stream and ours is refetched.
      if (takeover) missedEvents = true;
      openStream();
      return held;
    };
    // Free at once: this tab leads from the start. Held by another tab: wait in line, and take over
    // when that tab is closed or hidden.
    locks
      .request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
        if (lock) return holdStream(false);
        return void locks
          .request(LEADER_LOCK, { signal: abort.signal }, () => holdStream(true))
          .catch(() => {
            // AbortError: released while waiting in line.
          });
      })
      .catch(() => {});
  };
  const stepDown = () => {
    const current = leadership;
    leadership = undefined;
    current?.release();
  };

  const onVisibilityChange = () => {
    if (env.document.hidden) {
      stepDown();
      return;
    }
    // Back on screen: whatever changed while hidden is refetched now, whoever leads; and once this
    // tab's stream is open, again (missedEvents stays set), for a change made between this refetch
    // and the stream's opening, which neither would otherwise see.
    void invalidateAll(queryClient);
    lead();
  };
  const onMessage = (event: MessageEvent<Message>) => {
    const lists = Array.isArray(event.data?.lists) ? LIVE_LISTS.filter((list) => event.data.lists.includes(list)) : [];
    if (lists.length > 0) void invalidateLists(queryClient, lists);
  };

  env.document.addEventListener("visibilitychange", onVisibilityChange);
  channel?.addEventListener("message", onMessage as EventListener);
  lead();

  return () => {
    stopped = true;
    env.document.removeEventListener("visibilitychange", onVisibilityChange);
    channel?.removeEventListener("message", onMessage as EventListener);
    channel?.close();
    stepDown();
  };
}
