import type { PublicSettings } from "../../core/schemas/settings";
import type { Executor } from "../db/connection";

export function createSettingsRepository(db: Executor) {
  async function get<T>(key: string): Promise<T | undefined> {
    const row = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }
  return {
    get,
    async set(key: string, value: unknown): Promise<void> {
      const now = new Date().toISOString();
      const json = JSON.stringify(value);
      await db
        .insertInto("app_settings")
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
    /**
     * The stored value, or, when there is none yet, `generate()`'s, stored atomically: instances
     * starting together may each generate one, but the first insert wins (`on conflict do
     * nothing`) and every caller reads back and returns that same winner. For generated secrets
     * (the admin passcode, VAPID keys) that every instance must agree on.
     */
    async getOrCreate<T>(key: string, generate: () => T | Promise<T>): Promise<T> {
      const existing = await get<T>(key);
      if (existing !== undefined) return existing;
      const candidate = await generate();
      await db
        .insertInto("app_settings")
        .values({ key, value: JSON.stringify(candidate), updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const stored = await get<T>(key);
      if (stored === undefined) throw new Error(`setting ${key} vanished right after it was stored`);
      return stored;
    },
    async getPublic(): Promise<Omit<PublicSettings, "timeZone">> {
      const rows = await db.selectFrom("app_settings").select(["key", "value"]).where("key", "in", ["logoUrl", "instagramUrl"]).execute();
      const map = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
      const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
      return { logoUrl: text(map.get("logoUrl")), instagramUrl: text(map.get("instagramUrl")) };
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
