import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { isOfflineEdit } from "./edits";

/** Where the cache is kept: IndexedDB in the app (sync/offline-store.ts). */
export type KeptStorage = {
  getItem: (key: string) => Promise<string | null | undefined>;
  setItem: (key: string, value: string) => Promise<unknown>;
  removeItem: (key: string) => Promise<unknown>;
  keys: () => Promise<string[]>;
};

export const CACHE_KEY_PREFIX = "queries-";
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
export function cacheKeeper(queryClient: QueryClient, storage: KeptStorage, userId: number) {
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
 * The installed app asks that what it keeps (the waiting changes) not be evicted under storage
 * pressure. Only installed: there Chrome grants it without a prompt and Safari's Home Screen apps
 * are exempt anyway, while in a tab Firefox would ask the student a question they cannot judge.
 */
export function keepStorageWhenInstalled(): void {
  if (typeof window === "undefined" || !window.matchMedia?.("(display-mode: standalone)").matches) return;
  void navigator.storage?.persist?.().catch(() => false);
}
