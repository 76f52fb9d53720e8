/**
 * Form drafts kept in browser storage, so typing survives a reload, a closed tab or an expired
 * session (docs/decisions/022). Each kind of draft has its own store: a key that carries the
 * format's version (a changed format is simply not read back) and a maximum age.
 */

type StoredDraft = { version: number; savedAt: number; value: unknown };

export type DraftStoreOptions<T> = {
  /** e.g. "student-hub:task-draft"; the version is appended, so an old format is never misread. */
  key: string;
  version: number;
  maxAgeMs: number;
  /** Whether a stored value is still well-formed (it came from storage, so it is untrusted). */
  isValid: (value: unknown) => value is T;
};

export type DraftStore<T> = {
  readonly key: string;
  save: (value: T, now?: number) => void;
  /** The stored draft when it is well-formed and recent enough, else null. Does not remove it. */
  read: (now?: number) => T | null;
  clear: () => void;
};

/** Storage can be missing or throw (privacy modes, a full quota): a draft is then simply not kept. */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function createDraftStore<T>({ key, version, maxAgeMs, isValid }: DraftStoreOptions<T>): DraftStore<T> {
  const versionedKey = `${key}:v${version}`;
  const clear = () => {
    try {
      storage()?.removeItem(versionedKey);
    } catch {
      // Nothing stored, or storage unavailable: nothing to remove.
    }
  };
  return {
    key: versionedKey,
    save(value, now = Date.now()) {
      try {
        const stored: StoredDraft = { version, savedAt: now, value };
        storage()?.setItem(versionedKey, JSON.stringify(stored));
      } catch {
        // Storage full or disabled: nothing more can be done for the user here.
      }
    },
    read(now = Date.now()) {
      let raw: string | null = null;
      try {
        raw = storage()?.getItem(versionedKey) ?? null;
      } catch {
        return null;
      }
      if (!raw) return null;
      try {
        const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
        if (stored?.version !== version || typeof stored.savedAt !== "number") return null;
        if (now - stored.savedAt > maxAgeMs || now < stored.savedAt - maxAgeMs) return null;
        return isValid(stored.value) ? stored.value : null;
      } catch {
        return null;
      }
    },
    clear,
  };
}
