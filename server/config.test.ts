import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("configuration from the environment", () => {
  it("defaults the database pool to 10 connections and reads DATABASE_POOL_SIZE", () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
  });

  it.each(["0", "-3", "2.5", "ten"])("refuses DATABASE_POOL_SIZE=%s at start-up", (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
