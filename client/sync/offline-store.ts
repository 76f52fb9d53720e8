import { createStore, del, get, keys, set } from "idb-keyval";
import type { KeptStorage } from "./cache-keeper";

/** The IndexedDB database of the kept cache; sign-in, registration and sign-out delete it (features/auth/api/sign-out.ts). */
const OFFLINE_STORE_DB = "student-hub-offline";

/** The device's IndexedDB store for the kept query cache (decision 116), emptied at sign-in and sign-out (lib/api/session-expiry.ts). */
export function offlineStore(): KeptStorage {
  const store = createStore(OFFLINE_STORE_DB, "cache");
  return {
    getItem: (key) => get<string>(key, store),
    setItem: (key, value) => set(key, value, store),
    removeItem: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
  };
}
