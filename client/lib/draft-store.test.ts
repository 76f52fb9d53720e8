import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDraftStore } from "@/lib/draft-store";

type Draft = { title: string };
const isDraft = (value: unknown): value is Draft => typeof (value as Draft | null)?.title === "string";
const HOUR = 3600_000;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("createDraftStore", () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  const store = () => createDraftStore<Draft>({ key: "test:draft", version: 2, maxAgeMs: HOUR, isValid: isDraft });

  it("keeps a draft under a key that carries its version, and reads it back until cleared", () => {
    const drafts = store();
    drafts.save({ title: "Essay" }, 1_000);
    expect(drafts.key).toBe("test:draft:v2");
    expect(storage.getItem("test:draft:v2")).toContain("Essay");
    expect(drafts.read(1_000 + HOUR - 1)).toEqual({ title: "Essay" });
    // Reading does not consume it: a reload before the form is restored still finds it.
    expect(drafts.read(1_000)).toEqual({ title: "Essay" });
    drafts.clear();
    expect(drafts.read(1_000)).toBeNull();
  });

  it("drops a draft older than its maximum age", () => {
    const drafts = store();
    drafts.save({ title: "Essay" }, 0);
    expect(drafts.read(HOUR + 1)).toBeNull();
  });

  it("never reads another version's format, nor a malformed or foreign value", () => {
    createDraftStore<Draft>({ key: "test:draft", version: 1, maxAgeMs: HOUR, isValid: isDraft }).save({ title: "old" }, 0);
    expect(store().read(0)).toBeNull();
    storage.setItem("test:draft:v2", "{not json");
    expect(store().read(0)).toBeNull();
    storage.setItem("test:draft:v2", JSON.stringify({ version: 2, savedAt: 0, value: { title: 42 } }));
    expect(store().read(0)).toBeNull();
  });

  it("works without storage at all (privacy modes): nothing is kept and nothing throws", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    });
    const drafts = store();
    expect(() => drafts.save({ title: "x" })).not.toThrow();
    expect(drafts.read()).toBeNull();
    expect(() => drafts.clear()).not.toThrow();
  });
});
