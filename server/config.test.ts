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

  it("reads the VAPID keys as a pair, the subject as mailto: or https:, and push test origins", () => {
    const publicKey = Buffer.alloc(65, 4).toString("base64url");
    const privateKey = Buffer.alloc(32, 1).toString("base64url");
    expect(loadConfig({}).vapidKeys).toBeNull();
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapidKeys).toEqual({ publicKey, privateKey });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(/65-byte/);
    expect(loadConfig({ VAPID_SUBJECT: "mailto:it@school.example" }).vapidSubject).toBe("mailto:it@school.example");
    expect(() => loadConfig({ VAPID_SUBJECT: "it@school.example" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ PUSH_ALLOWED_ENDPOINT_ORIGINS: "http://127.0.0.1:9000, https://push.test" }).pushAllowedEndpointOrigins).toEqual([
      "http://127.0.0.1:9000",
      "https://push.test",
    ]);
    expect(() => loadConfig({ PUSH_ALLOWED_ENDPOINT_ORIGINS: "http://127.0.0.1:9000/push" })).toThrow(/PUSH_ALLOWED_ENDPOINT_ORIGINS/);
    expect(loadConfig({}).importAllowedOrigins).toEqual([]);
    expect(loadConfig({ IMPORT_ALLOWED_ORIGINS: "http://127.0.0.1:9100" }).importAllowedOrigins).toEqual(["http://127.0.0.1:9100"]);
    expect(() => loadConfig({ IMPORT_ALLOWED_ORIGINS: "127.0.0.1:9100" })).toThrow(/IMPORT_ALLOWED_ORIGINS/);
  });
});
