import type { CacheChange, ChangeFeed } from "../db/change-feed";
import { type LoadedSession, SESSION_IDLE_MS } from "../repositories/sessions";

/** Sessions kept per instance; the least recently used go first. About 2 KB each. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;
/**
 * Even with every notification arriving, a kept session is read again after this long: a bound on
 * what any mistake in the invalidation could cost, at one read per session per five minutes.
 */
export const SESSION_CACHE_MAX_AGE_MS = 5 * 60 * 1000;
/** Changes remembered for fills in flight (below); past this they are forgotten in one go. */
const MAX_REMEMBERED_CHANGES = 10_000;

interface Entry {
  loaded: LoadedSession;
  cachedAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
}

/**
 * Sessions with their users, kept in memory by session id hash (docs/decisions/093), so that a
 * signed-in request, and a 304 for an unchanged list (its ETag comes from the kept user's data
 * version), needs no database round trip.
 *
 * Kept only while the change feed is live, and dropped when it reports a change: a session ended or
 * changed, a user changed or deleted; a data version that moved is updated in place. A session
 * past its absolute or idle end, or kept longer than maxAgeMs, is not answered from here: the
 * database decides (and removes it).
 *
 * The race every such cache has: a read of the database that started before a change and lands
 * after its notification would put the old state back for good. So a fill carries the generation
 * it started at, and is refused when its user or session changed since, or when the feed had a gap.
 */
export function createSessionCache(feed: ChangeFeed, options: SessionCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
  /** In least recently used order (a Map keeps insertion order; a hit re-inserts). */
  const entries = new Map<string, Entry>();
  const hashesByUser = new Map<number, Set<string>>();
  let generation = 0;
  /** Fills that started before this generation are refused (a gap, or forgotten changes). */
  let floor = 0;
  const userChangedAt = new Map<number, number>();
  const sessionChangedAt = new Map<string, number>();
  const counters = { hits: 0, misses: 0, refusedFills: 0, gaps: 0 };

  function remove(idHash: string) {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const userId = entry.loaded.user.id;
    const hashes = hashesByUser.get(userId);
    hashes?.delete(idHash);
    if (hashes?.size === 0) hashesByUser.delete(userId);
  }

  function forgetAll() {
    entries.clear();
    hashesByUser.clear();
    userChangedAt.clear();
    sessionChangedAt.clear();
    floor = ++generation;
  }

  function remember<K>(changedAt: Map<K, number>, key: K) {
    changedAt.set(key, ++generation);
    if (userChangedAt.size + sessionChangedAt.size > MAX_REMEMBERED_CHANGES) {
      userChangedAt.clear();
      sessionChangedAt.clear();
      floor = generation;
    }
  }

  function change(changed: CacheChange) {
    if (changed.kind === "session") {
      remember(sessionChangedAt, changed.idHash);
      return remove(changed.idHash);
    }
    remember(userChangedAt, changed.userId);
    const hashes = hashesByUser.get(changed.userId);
    if (!hashes) return;
    if (changed.kind === "user") {
      for (const idHash of [...hashes]) remove(idHash);
      return;
    }
    // Only the data version moved (a write to their tasks or events): PostgreSQL sends it after
    // the commit and in commit order, so the kept user can take it without a read.
    for (const idHash of hashes) {
      const entry = entries.get(idHash)!;
      const { user, session } = entry.loaded;
      if (changed.dataVersion > user.data_version) {
        entry.loaded = Object.freeze({ session, user: Object.freeze({ ...user, data_version: changed.dataVersion }) });
      }
    }
  }

  feed.subscribe({
    change,
    gap() {
      counters.gaps++;
      forgetAll();
    },
  });

  return {
    /** The kept session of `idHash`, when it may be used at `now`; undefined sends the caller to the database. */
    get(idHash: string, now: number): LoadedSession | undefined {
      if (!feed.live) return undefined;
      feed.sync();
      const entry = entries.get(idHash);
      if (!entry) {
        counters.misses++;
        return undefined;
      }
      if (now >= entry.expiresAt || now >= entry.lastSeenAt + SESSION_IDLE_MS || now - entry.cachedAt >= maxAgeMs || now < entry.cachedAt) {
        remove(idHash);
        counters.misses++;
        return undefined;
      }
      entries.delete(idHash);
      entries.set(idHash, entry);
      counters.hits++;
      return entry.loaded;
    },

    /** Taken just before reading a session from the database, and handed back to `fill`. */
    ticket(): number {
      return generation;
    },

    /** Keeps what the database said about `idHash`, unless something changed since `ticket`. */
    fill(ticket: number, idHash: string, loaded: LoadedSession, now: number): void {
      if (!feed.live) return;
      feed.sync();
      const userId = loaded.user.id;
      if (ticket < floor || (userChangedAt.get(userId) ?? -1) > ticket || (sessionChangedAt.get(idHash) ?? -1) > ticket) {
        counters.refusedFills++;
        return;
      }
      remove(idHash);
      while (entries.size >= maxEntries) remove(entries.keys().next().value!);
      // Frozen: every request of this session shares these objects, so none may change them.
      const frozen = Object.freeze({ session: Object.freeze({ ...loaded.session }), user: Object.freeze({ ...loaded.user }) });
      entries.set(idHash, {
        loaded: frozen,
        cachedAt: now,
        expiresAt: Date.parse(loaded.session.expires_at),
        lastSeenAt: Date.parse(loaded.session.last_seen_at),
      });
      let hashes = hashesByUser.get(userId);
      if (!hashes) hashesByUser.set(userId, (hashes = new Set()));
      hashes.add(idHash);
    },

    /** The session's last-seen time was written (at most once a minute): the kept copy follows. */
    touched(idHash: string, lastSeenAt: Date): void {
      const entry = entries.get(idHash);
      if (!entry) return;
      entry.lastSeenAt = lastSeenAt.getTime();
      entry.loaded = Object.freeze({
        user: entry.loaded.user,
        session: Object.freeze({ ...entry.loaded.session, last_seen_at: lastSeenAt.toISOString() }),
      });
    },

    /** For tests and the bench. */
    stats: () => ({ entries: entries.size, live: feed.live, ...counters }),
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
