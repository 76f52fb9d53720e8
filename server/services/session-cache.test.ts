import { describe, expect, it } from "vitest";
import type { CacheChange, ChangeFeed, ChangeFeedSubscriber } from "../db/change-feed";
import { type LoadedSession, SESSION_IDLE_MS } from "../repositories/sessions";
import { createSessionCache } from "./session-cache";

/** A feed the test drives: changes, gaps and liveness by hand. */
function fakeFeed() {
  const subscribers: ChangeFeedSubscriber[] = [];
  let synced = 0;
  const feed: ChangeFeed & { live: boolean } = {
    live: true,
    sync: () => void synced++,
    subscribe: (s) => void subscribers.push(s),
    onStateChange: () => {},
    whenLive: async () => {},
    settle: async () => {},
    close: async () => {},
  };
  return {
    feed,
    emit: (change: CacheChange) => subscribers.forEach((s) => s.change(change)),
    gap: () => subscribers.forEach((s) => s.gap()),
    synced: () => synced,
  };
}

const T0 = Date.parse("2026-11-25T10:00:00.000Z");

function loaded(
  userId: number,
  idHash: string,
  overrides: { expiresAt?: number; lastSeenAt?: number; dataVersion?: number } = {},
): LoadedSession {
  return {
    session: {
      id_hash: idHash,
      user_id: userId,
      csrf_token: `csrf-${idHash}`,
      created_at: new Date(T0).toISOString(),
      last_seen_at: new Date(overrides.lastSeenAt ?? T0).toISOString(),
      expires_at: new Date(overrides.expiresAt ?? T0 + 30 * 86_400_000).toISOString(),
      admin_unlocked_at: null,
    },
    user: { id: userId, email: `u${userId}@example.com`, data_version: overrides.dataVersion ?? 1 } as LoadedSession["user"],
  };
}

function cacheWith(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  const fake = fakeFeed();
  const cache = createSessionCache(fake.feed, options);
  const put = (userId: number, idHash: string, extra: Parameters<typeof loaded>[2] = {}, now = T0) =>
    cache.fill(cache.ticket(), idHash, loaded(userId, idHash, extra), now);
  return { ...fake, cache, put };
}

describe("session cache", () => {
  it("answers a kept session, and nothing while the feed is not live", () => {
    const { cache, put, feed, synced } = cacheWith();
    put(1, "a");
    expect(cache.get("a", T0 + 1000)?.user.id).toBe(1);
    expect(synced()).toBeGreaterThan(0);
    feed.live = false;
    expect(cache.get("a", T0 + 1000)).toBeUndefined();
    feed.live = true;
    expect(cache.get("a", T0 + 1000)?.user.id).toBe(1);
    expect(cache.get("unknown", T0)).toBeUndefined();
  });

  it("keeps frozen copies: no request can change what the next one sees", () => {
    const { cache, put } = cacheWith();
    put(1, "a");
    const hit = cache.get("a", T0)!;
    expect(Object.isFrozen(hit.user) && Object.isFrozen(hit.session)).toBe(true);
    expect(() => {
      (hit.user as { email: string }).email = "changed@example.com";
    }).toThrow(TypeError);
  });

  it("drops a session that ended or changed, and every session of a user that changed", () => {
    const { cache, put, emit } = cacheWith();
    put(1, "a");
    put(1, "b");
    put(2, "c");
    emit({ kind: "session", idHash: "a" });
    expect(cache.get("a", T0)).toBeUndefined();
    expect(cache.get("b", T0)).toBeDefined();
    emit({ kind: "user", userId: 1 });
    expect(cache.get("b", T0)).toBeUndefined();
    expect(cache.get("c", T0)?.user.id).toBe(2);
  });

  it("takes a new data version in place, never an older one", () => {
    const { cache, put, emit } = cacheWith();
    put(1, "a", { dataVersion: 5 });
    put(1, "b", { dataVersion: 5 });
    emit({ kind: "version", userId: 1, dataVersion: 6 });
    expect(cache.get("a", T0)?.user.data_version).toBe(6);
    expect(cache.get("b", T0)?.user.data_version).toBe(6);
    emit({ kind: "version", userId: 1, dataVersion: 4 });
    expect(cache.get("a", T0)?.user.data_version).toBe(6);
  });

  it("refuses a fill whose read started before a change of its session or user, or before a gap", () => {
    const { cache, emit, gap } = cacheWith();
    // The read of session "a" starts, the session ends and its notification arrives, then the read lands.
    let ticket = cache.ticket();
    emit({ kind: "session", idHash: "a" });
    cache.fill(ticket, "a", loaded(1, "a"), T0);
    expect(cache.get("a", T0)).toBeUndefined();

    ticket = cache.ticket();
    emit({ kind: "version", userId: 1, dataVersion: 9 });
    cache.fill(ticket, "b", loaded(1, "b", { dataVersion: 8 }), T0);
    expect(cache.get("b", T0)).toBeUndefined();

    ticket = cache.ticket();
    gap();
    cache.fill(ticket, "c", loaded(3, "c"), T0);
    expect(cache.get("c", T0)).toBeUndefined();

    // Another user's change does not hold this one back.
    ticket = cache.ticket();
    emit({ kind: "user", userId: 2 });
    cache.fill(ticket, "d", loaded(1, "d"), T0);
    expect(cache.get("d", T0)?.user.id).toBe(1);
    expect(cache.stats().refusedFills).toBe(3);
  });

  it("forgets everything at a gap", () => {
    const { cache, put, gap } = cacheWith();
    put(1, "a");
    put(2, "b");
    gap();
    expect(cache.get("a", T0)).toBeUndefined();
    expect(cache.get("b", T0)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, gaps: 1 });
  });

  it("sends a session past its absolute end, its idle end or the cache's maximum age to the database", () => {
    const { cache, put } = cacheWith({ maxAgeMs: 60_000 });
    put(1, "absolute", { expiresAt: T0 + 10_000 });
    expect(cache.get("absolute", T0 + 9_999)).toBeDefined();
    expect(cache.get("absolute", T0 + 10_000)).toBeUndefined();

    put(1, "idle", { lastSeenAt: T0 - SESSION_IDLE_MS + 5_000 });
    expect(cache.get("idle", T0 + 4_999)).toBeDefined();
    expect(cache.get("idle", T0 + 5_000)).toBeUndefined();

    put(1, "old");
    expect(cache.get("old", T0 + 59_999)).toBeDefined();
    expect(cache.get("old", T0 + 60_000)).toBeUndefined();
  });

  it("slides the idle end when the last-seen time is written", () => {
    const { cache, put } = cacheWith({ maxAgeMs: 2 * SESSION_IDLE_MS });
    put(1, "a", { lastSeenAt: T0 });
    cache.touched("a", new Date(T0 + SESSION_IDLE_MS - 1));
    expect(cache.get("a", T0 + SESSION_IDLE_MS + 1000)?.session.last_seen_at).toBe(new Date(T0 + SESSION_IDLE_MS - 1).toISOString());
  });

  it("holds at most maxEntries, the least recently used going first", () => {
    const { cache, put } = cacheWith({ maxEntries: 3 });
    put(1, "a");
    put(2, "b");
    put(3, "c");
    cache.get("a", T0);
    put(4, "d");
    expect(cache.get("b", T0)).toBeUndefined();
    expect(["a", "c", "d"].map((h) => cache.get(h, T0)?.session.id_hash)).toEqual(["a", "c", "d"]);
    expect(cache.stats().entries).toBe(3);
  });
});
