import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { KyselyPlugin } from "kysely";
import pg from "pg";
import { describe, expect, inject } from "vitest";
import { buildApp } from "../app";
import { type AppConfig, type DatabaseConfig, loadConfig } from "../config";
import { createDb, type Db, dbOptionsFrom } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createServices, type Services } from "../services";
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "../services/rate-limiter";

export type EngineName = "sqlite" | "postgres";

/**
 * The engines every API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Under CI a missing PostgreSQL is an error, not a skip.
 */
export function engines(): EngineName[] {
  if (process.env.TEST_DATABASE_URL) return ["sqlite", "postgres"];
  if (process.env.CI) throw new Error("CI is set but TEST_DATABASE_URL is not: the PostgreSQL suite must run under CI");
  return ["sqlite"];
}

/** `describe` once per engine, and a visible skip line when PostgreSQL is not configured. */
export function describeEachEngine(name: string, body: (engine: EngineName) => void) {
  for (const engine of engines()) describe(`${name} [${engine}]`, () => body(engine));
  if (!process.env.TEST_DATABASE_URL) {
    describe.skip(`${name} [postgres] skipped: set TEST_DATABASE_URL=postgres://… to run it`, () => {});
  }
}

/**
 * For what only PostgreSQL can show (several app instances sharing one database server): runs
 * when TEST_DATABASE_URL is set, fails under CI when it is not (engines()), and otherwise shows
 * a visible skip line.
 */
export function describePostgresOnly(name: string, body: () => void) {
  if (engines().includes("postgres")) describe(`${name} [postgres]`, body);
  else describe.skip(`${name} [postgres] skipped: set TEST_DATABASE_URL=postgres://… to run it`, () => {});
}

/** A fresh, empty database of the given engine; `drop` removes it. */
export async function freshDatabase(engine: EngineName): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  const name = `student_hub_test_${randomBytes(6).toString("hex")}`;
  if (engine === "sqlite") {
    return { config: { kind: "sqlite", file: path.join(os.tmpdir(), `${name}.db`) }, drop: async () => {} };
  }
  return createPostgresDatabase(name);
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a copy of `template`; `drop` removes it. */
async function createPostgresDatabase(name: string, template?: string): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: "postgres", url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh database of the engine already at the latest schema, copied from the run's template
 * (server/test/template-databases.ts) rather than migrated: a file copy on SQLite, `CREATE DATABASE
 * … TEMPLATE` on PostgreSQL. Without a template (a file run outside the API project) it migrates
 * an empty one instead. `drop` removes it.
 */
/** The run's template database, or undefined outside a Vitest run (the benches build apps too). */
function runTemplate(engine: EngineName): string | undefined {
  try {
    return engine === "sqlite" ? inject("sqliteTemplate") : inject("postgresTemplate");
  } catch {
    return undefined;
  }
}

export async function migratedCopy(engine: EngineName): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  const template = runTemplate(engine);
  if (!template) {
    const fresh = await freshDatabase(engine);
    const db = createDb(fresh.config, { poolSize: 1 });
    await migrateToLatest(db);
    await db.destroy();
    return fresh;
  }
  const name = `student_hub_test_${randomBytes(6).toString("hex")}`;
  if (engine === "sqlite") {
    const file = path.join(os.tmpdir(), `${name}.db`);
    fs.copyFileSync(template, file);
    return { config: { kind: "sqlite", file }, drop: async () => {} };
  }
  return createPostgresDatabase(name, template);
}

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's database, for a test to arrange or inspect rows behind the app's back. Each query
   * through it returns only once the app's change feed has been told of it (on PostgreSQL the
   * notification arrives a moment after the commit), as the next request of a real client would
   * find it; a test of that delay itself uses `rawDb`.
   */
  db: Db;
  rawDb: Db;
  services: Services;
  config: AppConfig;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  authRateLimits?: AuthRateLimits;
  env?: Record<string, string>;
  clientDir?: string;
  /**
   * Test-only routes, registered before the app is ready: to reach what no real route does yet
   * (a guard level, request.user itself). They get the app's hooks like any other route.
   */
  routes?: (app: FastifyInstance, services: Services) => void | Promise<void>;
  /**
   * Boot on this existing database instead of a fresh one (a second app instance beside the
   * first); it is left in place at close, for its owner to drop.
   */
  database?: DatabaseConfig;
  /** The services' clock (reminders): a test's own time. */
  clock?: () => Date;
  /** The OneRoster client's wait for each answer (a slow provider's test). */
  oneRosterTimeoutMs?: number;
  /** The time sessions are judged by. */
  sessionClock?: () => Date;
  /** Receives the app's log lines at the `info` level (else the app logs nothing). */
  logLines?: (line: string) => void;
  /** How often open streams get their keep-alive comment (decision 114). */
  liveHeartbeatMs?: number;
}

/** A fresh, migrated database of the engine, for repository and service tests that need no HTTP app. */
export async function migratedDatabase(
  engine: EngineName,
  options: { poolSize?: number } = {},
): Promise<{ db: Db; close: () => Promise<void> }> {
  const { config, drop } = await migratedCopy(engine);
  const db = createDb(config, { poolSize: options.poolSize ?? 2 });
  return {
    db,
    close: async () => {
      await db.destroy();
      await drop();
    },
  };
}

export async function buildTestApp(engine: EngineName, options: TestAppOptions = {}): Promise<TestApp> {
  const { config: database, drop } = options.database ? { config: options.database, drop: async () => {} } : await migratedCopy(engine);
  const config: AppConfig = {
    ...loadConfig({ ...options.env }),
    database,
    logLevel: "silent",
    clientDir: options.clientDir ?? "/nonexistent",
  };
  const db = createDb(database, { ...dbOptionsFrom(config), poolSize: 4 });
  await migrateToLatest(db);
  const services = createServices(config, db, {
    authRateLimits: options.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.oneRosterTimeoutMs ? { oneRosterTimeoutMs: options.oneRosterTimeoutMs } : {}),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
    ...(options.liveHeartbeatMs ? { liveHeartbeatMs: options.liveHeartbeatMs } : {}),
  });
  const logLines = options.logLines;
  const app = await buildApp(services, { logger: logLines ? { level: "info", stream: { write: logLines } } : false });
  if (options.routes) await options.routes(app, services);
  await app.ready();
  await services.changeFeed.whenLive();
  return {
    app,
    db: db.withPlugin(settlingAfterEachQuery(() => services.changeFeed.settle())),
    rawDb: db,
    services,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

/** A Kysely plugin that waits for `settle` after every query (see TestApp.db). */
function settlingAfterEachQuery(settle: () => Promise<void>): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      await settle();
      return args.result;
    },
  };
}

/** A browser-like client: keeps the session cookie and the CSRF token between calls. */
export class TestClient {
  cookie: string | undefined;
  csrfToken: string | undefined;
  constructor(readonly app: FastifyInstance) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: method as "GET",
      url,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrfToken && method !== "GET" ? { "x-csrf-token": this.csrfToken } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      // A file's bytes go as they are (with their own content type in `headers`).
      ...(body !== undefined ? { payload: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body) } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === "sid");
    if (setCookie) this.cookie = setCookie.value ? `sid=${setCookie.value}` : undefined;
    return res;
  }

  /** A GET with `If-None-Match: etag`, as a browser revalidating its copy sends it. */
  getIfNoneMatch(url: string, etag: string): Promise<LightMyRequestResponse> {
    return this.request("GET", url, undefined, { "if-none-match": etag });
  }

  /** The same browser (cookie and CSRF token), its next requests routed to another app instance. */
  sameBrowserOn(app: FastifyInstance): TestClient {
    const moved = new TestClient(app);
    moved.cookie = this.cookie;
    moved.csrfToken = this.csrfToken;
    return moved;
  }

  async refreshCsrf(): Promise<string | undefined> {
    const res = await this.request("GET", "/api/csrf-token");
    this.csrfToken = res.json().csrfToken ?? undefined;
    return this.csrfToken;
  }

  /** Registers and signs in a new user, then fetches the session's CSRF token. */
  async register(overrides: Partial<RegisterBody> = {}) {
    const body = newUserBody(overrides);
    const res = await this.request("POST", "/api/register", body);
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    await this.refreshCsrf();
    return { user: res.json(), body };
  }

  async login(email: string, password: string) {
    const res = await this.request("POST", "/api/login", { email, password });
    if (res.statusCode === 200) await this.refreshCsrf();
    return res;
  }
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const STRONG_PASSWORD = "Str0ng!Passw0rd";

export function newUserBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const email = `student-${randomBytes(5).toString("hex")}@example.com`;
  return { firstName: "Ada", lastName: "Lovelace", email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, ...overrides };
}

/**
 * Reads `url` (200 with an ETag), then again with that ETag in If-None-Match, and expects the
 * conditional answer every conditional read gives (decision 066): 304, no body, the same ETag, and
 * never stored. Answers the first read's ETag and body.
 */
export async function expectConditionalGet(client: TestClient, url: string): Promise<{ etag: string; body: string }> {
  const first = await client.request("GET", url);
  expect(first.statusCode, url).toBe(200);
  const etag = String(first.headers.etag);
  expect(etag, url).toMatch(/^"[\w-]+"$/);
  const again = await client.getIfNoneMatch(url, etag);
  expect(again.statusCode, url).toBe(304);
  expect(again.body, url).toBe("");
  expect(again.headers.etag, url).toBe(etag);
  expect(again.headers["cache-control"], url).toBe("no-store");
  return { etag, body: first.body };
}
