import type { ChangeFeed, ListsChange, LiveList } from "../db/change-feed";

/** A comment line this often keeps proxies from closing an idle stream (issue 37). */
export const LIVE_HEARTBEAT_MS = 25_000;

/** One open `GET /api/stream`: who it belongs to and how to write to it. */
export interface LiveStreamSink {
  userId: number;
  /** The session it was opened with: it ends with that session. */
  sessionIdHash: string;
  write(chunk: string): void;
  end(): void;
}

export interface LiveStreamsOptions {
  heartbeatMs?: number;
}

/** The event a stream sends for a change: an invalidation, never data (decision 114). */
export function changedEvent(lists: readonly LiveList[]): string {
  return `event: changed\ndata: ${JSON.stringify({ lists })}\n\n`;
}

/**
 * This instance's open streams (decision 114), told by the change feed which lists changed once
 * their write committed, on any instance, and which sessions ended. Kept by user and by session;
 * one timer writes the heartbeat to all of them, not one per stream.
 */
export function createLiveStreams(feed: ChangeFeed, options: LiveStreamsOptions = {}) {
  const all = new Set<LiveStreamSink>();
  const byUser = new Map<number, Set<LiveStreamSink>>();
  const bySession = new Map<string, Set<LiveStreamSink>>();
  /** Changes of this turn of the event loop, merged per user (null: everyone) into one event each. */
  const pending = new Map<number | null, Set<LiveList>>();
  let flushScheduled = false;

  function add<K>(index: Map<K, Set<LiveStreamSink>>, key: K, stream: LiveStreamSink) {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(stream);
  }
  function drop<K>(index: Map<K, Set<LiveStreamSink>>, key: K, stream: LiveStreamSink) {
    const set = index.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) index.delete(key);
  }
  function remove(stream: LiveStreamSink): boolean {
    if (!all.delete(stream)) return false;
    drop(byUser, stream.userId, stream);
    drop(bySession, stream.sessionIdHash, stream);
    return true;
  }
  function end(stream: LiveStreamSink) {
    if (remove(stream)) stream.end();
  }

  function flush() {
    flushScheduled = false;
    const changes = [...pending];
    pending.clear();
    const everyone = changes.find(([userId]) => userId === null)?.[1];
    if (everyone) {
      const event = changedEvent([...everyone]);
      for (const stream of all) stream.write(event);
    }
    for (const [userId, lists] of changes) {
      if (userId === null) continue;
      const streams = byUser.get(userId);
      if (!streams) continue;
      // What everyone was just told is not said twice to the same stream.
      const own = [...lists].filter((list) => !everyone?.has(list));
      if (own.length === 0) continue;
      const event = changedEvent(own);
      for (const stream of streams) stream.write(event);
    }
  }

  feed.subscribe({
    change(change) {
      // A session ended or changed (sign-out, password change or reset, deletion, the admin step-up):
      // its streams end. A session that lives on reconnects with the same cookie.
      if (change.kind === "session") for (const stream of [...(bySession.get(change.idHash) ?? [])]) end(stream);
    },
    lists(change: ListsChange) {
      // Nobody of this user listens on this instance: nothing to tell.
      if (change.userId !== null && !byUser.has(change.userId)) return;
      if (change.userId === null && all.size === 0) return;
      let lists = pending.get(change.userId);
      if (!lists) pending.set(change.userId, (lists = new Set()));
      for (const list of change.lists) lists.add(list);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    },
    gap() {
      // Changes, and session ends, may have been missed (the PostgreSQL listener was lost): every
      // stream ends, and its client reconnects (signed in again by its cookie, or refused) and
      // reads again what is stale.
      for (const stream of [...all]) end(stream);
    },
  });

  const heartbeat = setInterval(() => {
    for (const stream of all) stream.write(": keep-alive\n\n");
  }, options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** Keeps a stream until `close` (its client went) or its session ends. */
    open(stream: LiveStreamSink): { close(): void } {
      all.add(stream);
      add(byUser, stream.userId, stream);
      add(bySession, stream.sessionIdHash, stream);
      return { close: () => void remove(stream) };
    },
    /** Open streams on this instance. */
    get size() {
      return all.size;
    },
    /** Every stream ends (the app is closing: an open stream would hold the server's close). */
    endAll() {
      for (const stream of [...all]) end(stream);
    },
    stop() {
      clearInterval(heartbeat);
      this.endAll();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
