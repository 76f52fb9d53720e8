import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, VARIABLES } from "./config";

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

describe("the configuration table of docs/operating.md", () => {
  const markdown = fs.readFileSync(path.resolve(import.meta.dirname, "../docs/operating.md"), "utf8");
  const start = markdown.indexOf("\n## Configuration\n");
  const rows = markdown
    .slice(start, markdown.indexOf("\n## ", start + 1))
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  /** What the rows' first column names: `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` are two; `OIDC_<ID>_*` has its own section. */
  const named = rows.flatMap((row) => [...row.split(" | ")[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
  // Node's convention rather than a setting of the app's: the LOG_LEVEL row says what it does.
  const mentionedOnly = ["NODE_ENV"];

  it("has a row for every variable the schema reads, and the schema reads every variable it has a row for", () => {
    expect(start).toBeGreaterThan(0);
    expect([...named].sort()).toEqual(
      Object.keys(VARIABLES)
        .filter((name) => !mentionedOnly.includes(name))
        .sort(),
    );
    for (const name of mentionedOnly) expect(rows.join("\n"), name).toContain(`\`${name}`);
  });
});
