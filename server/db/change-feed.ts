import type SQLite from "better-sqlite3";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import { type Db, sqliteConnectionOf } from "./connection";

/** The PostgreSQL channel the triggers of migration 2026-11-25-06 notify on. */
export const CACHE_CHANNEL = "student_hub_cache";

/** What stopped being current: a session (by id hash), a user, or only a user's data version. */
export type CacheChange =
  { kind: "session"; idHash: string } | { kind: "user"; userId: number } | { kind: "version"; userId: number; dataVersion: number };

/** The channel the triggers of migration 2026-11-26-05 notify on: which of a user's lists changed (decision 114). */
export const LIVE_CHANNEL = "student_hub_live";

/** What a client may hold and should read again: the names the stream's events use (decision 114). */
export const LIVE_LISTS = ["tasks", "events", "user", "schedule", "school", "preferences"] as const;
export type LiveList = (typeof LIVE_LISTS)[number];

/** Some of a user's lists changed, or (userId null) the school's, which everyone reads. Sent once committed. */
export interface ListsChange {
  userId: number | null;
  lists: LiveList[];
}

export interface ChangeFeedSubscriber {
  change(change: CacheChange): void;
  /** Lists that changed (decision 114), after their transaction committed. */
  lists?(change: ListsChange): void;
  /** Changes may have been missed (the listener was lost, another process wrote the file): forget everything. */
  gap(): void;
}

/**
 * Every change to a session or a user, as this instance learns of it (docs/decisions/093). What
 * is kept in memory about sessions and users may be used only while `live` is true.
 */
export interface ChangeFeed {
  /** True while every change is known to reach the subscribers. */
  readonly live: boolean;
  /** PostgreSQL: the listener connection's application_name (an operator, or a test, can find it in pg_stat_activity). */
  readonly listenerName?: string;
  /** Cheap; called before each use of what is kept. SQLite: notices another process's commits (the admin CLI). */
  sync(): void;
  subscribe(subscriber: ChangeFeedSubscriber): void;
  /** Told when the feed goes live or is lost (for the log). */
  onStateChange(listener: (live: boolean, error?: Error) => void): void;
  /** Resolves once live: PostgreSQL connects its listener in the background. */
  whenLive(): Promise<void>;
  /**
   * Resolves once every change committed before the call has reached the subscribers. PostgreSQL:
   * the listener notifies itself and waits for that fence (delivery is in commit order). For a
   * write made behind the app's back (a test, a script) that must be seen by the next request.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A fence (settle): `f:<instance>:<n>`, sent by a listener to itself; not a change. */
const FENCE_PREFIX = "f:";

const LIVE_LIST_NAMES = new Set<string>(LIVE_LISTS);

/** Reads a list notification's payload, `l:<user id or *>:<list>[,<list>…]` (migration 2026-11-26-05); undefined for anything else. */
export function parseLiveNotification(payload: string): ListsChange | undefined {
  const [kind, key, names, extra] = payload.split(":");
  if (kind !== "l" || !key || !names || extra !== undefined) return undefined;
  const userId = key === "*" ? null : Number(key);
  if (userId !== null && !Number.isSafeInteger(userId)) return undefined;
  const lists = [...new Set(names.split(","))];
  if (!lists.every((name) => LIVE_LIST_NAMES.has(name))) return undefined;
  return { userId, lists: lists as LiveList[] };
}

/** Reads a notification's payload (see the migration); undefined for anything else. */
export function parseCacheNotification(payload: string): CacheChange | undefined {
  const [kind, key, version] = payload.split(":");
  if (kind === "s" && key && version === undefined) return { kind: "session", idHash: key };
  const userId = Number(key);
  if (!Number.isSafeInteger(userId)) return undefined;
  if (kind === "u" && version === undefined) return { kind: "user", userId };
  if (kind === "v" && version !== undefined && Number.isSafeInteger(Number(version)))
    return { kind: "version", userId, dataVersion: Number(version) };
  return undefined;
}

export function openChangeFeed(db: Db, config: DatabaseConfig): ChangeFeed {
  const connection = sqliteConnectionOf(db);
  if (connection) return sqliteChangeFeed(connection);
  if (config.kind !== "postgres") throw new Error("openChangeFeed: a SQLite database without its connection");
  return postgresChangeFeed(config.url);
}

/** The fan-out every feed shares: subscribers and state listeners. */
function subscribers() {
  const all = new Set<ChangeFeedSubscriber>();
  const stateListeners = new Set<(live: boolean, error?: Error) => void>();
  return {
    all,
    stateListeners,
    change: (change: CacheChange) => all.forEach((s) => s.change(change)),
    lists: (change: ListsChange) => all.forEach((s) => s.lists?.(change)),
    gap: () => all.forEach((s) => s.gap()),
    state: (live: boolean, error?: Error) => stateListeners.forEach((l) => l(live, error)),
  };
}

const SQLITE_FUNCTION = "student_hub_cache_changed";
/** How stale the view of another process's writes to the SQLite file may be. */
export const SQLITE_OTHER_PROCESS_CHECK_MS = 10;
/** Every feed on one connection (normally one per process): the SQL function is registered once per connection. */
const sqliteFeeds = new WeakMap<SQLite.Database, SqliteConnectionCallbacks>();

interface SqliteConnectionCallbacks {
  changes: Set<(change: CacheChange) => void>;
  lists: Set<(change: ListsChange) => void>;
}

const SQLITE_LIVE_FUNCTION = "student_hub_live_changed";
/** How soon lists changed inside a transaction still open are looked at again (SQLite). */
const SQLITE_COMMIT_POLL_MS = 1;

/**
 * The users columns each list shows (decision 114); a column in none (the data version, the
 * password, times) changes no list. The PostgreSQL migrations 2026-11-26-05 and -10 and 2026-11-29-04 hold their own copies.
 */
export const USER_COLUMNS_BY_LIST = {
  user: ["email", "first_name", "last_name", "profile_image_url", "is_admin", "password_reset_required", "user_classes", "locale"],
  schedule: ["school_schedule", "schedule_source"],
  preferences: ["evening_summary_time", "locale", "schedule_source", "app_badge", "study_preferences"],
} as const satisfies Partial<Record<LiveList, readonly string[]>>;

/**
 * SQLite's list changes (decision 114): the temporary triggers call back as each statement runs,
 * before the commit, so they are gathered and told only once the connection is out of its
 * transaction. A rolled-back write is told too: its only cost is a needless refetch.
 */
function sqliteListsBus(connection: SQLite.Database, told: Set<(change: ListsChange) => void>) {
  const pending = new Map<number | null, Set<LiveList>>();
  let scheduled = false;
  const flush = () => {
    if (connection.inTransaction) return void setTimeout(flush, SQLITE_COMMIT_POLL_MS);
    scheduled = false;
    const changes = [...pending];
    pending.clear();
    for (const [userId, lists] of changes) told.forEach((callback) => callback({ userId, lists: [...lists] }));
  };
  return (userId: unknown, names: unknown) => {
    const key = userId === null ? null : Number(userId);
    let lists = pending.get(key);
    if (!lists) pending.set(key, (lists = new Set()));
    for (const name of String(names).split(",")) if (LIVE_LIST_NAMES.has(name)) lists.add(name as LiveList);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    return null;
  };
}

/**
 * SQLite: one process serves a file, and every write of this process goes through its one
 * connection. Temporary triggers (they live only in this connection, so the admin CLI or the
 * sqlite3 shell never sees a function it lacks) call back into JavaScript as the statement runs,
 * before it commits. That is early but safe: Kysely holds the one connection for the whole
 * transaction, so a read that misses the cache waits for the commit or rollback. For the same
 * reason a data version is never taken from a trigger (a rollback would leave it ahead of the
 * file): every user change is reported as `user`, and the next read loads the user again.
 *
 * Another process writing the file (the admin CLI promoting or demoting an admin) shows as a new
 * `PRAGMA data_version`, checked by `sync` at most every SQLITE_OTHER_PROCESS_CHECK_MS: everything
 * kept is forgotten. Not on every use: each check is a read transaction on the file (WAL locks),
 * about 20 µs, which took a tenth of a cached request's time.
 */
function sqliteChangeFeed(connection: SQLite.Database): ChangeFeed {
  const fanOut = subscribers();
  let callbacks = sqliteFeeds.get(connection);
  if (!callbacks) {
    const registered: SqliteConnectionCallbacks = { changes: new Set(), lists: new Set() };
    callbacks = registered;
    sqliteFeeds.set(connection, registered);
    connection.function(SQLITE_FUNCTION, { deterministic: false }, (kind: unknown, key: unknown) => {
      const change: CacheChange | undefined =
        kind === "s" ? { kind: "session", idHash: String(key) } : kind === "u" ? { kind: "user", userId: Number(key) } : undefined;
      if (change) registered.changes.forEach((callback) => callback(change));
      return null;
    });
    connection.function(SQLITE_LIVE_FUNCTION, { deterministic: false }, sqliteListsBus(connection, registered.lists));
    installSqliteTriggers(connection);
  }
  const { change: callback, lists: listsCallback } = fanOut;
  callbacks.changes.add(callback);
  callbacks.lists.add(listsCallback);

  const dataVersion = connection.prepare("PRAGMA data_version").pluck();
  let seenVersion = dataVersion.get();
  let checkedAt = performance.now();
  let closed = false;
  return {
    get live() {
      return !closed;
    },
    sync() {
      const now = performance.now();
      if (now - checkedAt < SQLITE_OTHER_PROCESS_CHECK_MS) return;
      checkedAt = now;
      const version = dataVersion.get();
      if (version === seenVersion) return;
      seenVersion = version;
      fanOut.gap();
    },
    subscribe: (subscriber) => void fanOut.all.add(subscriber),
    onStateChange: (listener) => void fanOut.stateListeners.add(listener),
    whenLive: async () => {},
    // Triggers call back as the statement runs: nothing is ever in flight.
    settle: async () => {},
    close: async () => {
      closed = true;
      callbacks.changes.delete(callback);
      callbacks.lists.delete(listsCallback);
    },
  };
}

/**
 * The WHEN condition "a column other than `ignored` changed", from the table's columns as they are
 * now: a column added by a later migration is covered without touching this file.
 */
function changedBesides(connection: SQLite.Database, table: string, ignored: string): string {
  const columns = (connection.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name).filter((c) => c !== ignored);
  return columns.map((c) => `NEW."${c}" IS NOT OLD."${c}"`).join(" OR ");
}

function installSqliteTriggers(connection: SQLite.Database) {
  connection.exec(`
    DROP TRIGGER IF EXISTS temp.cache_sessions_delete;
    DROP TRIGGER IF EXISTS temp.cache_sessions_update;
    DROP TRIGGER IF EXISTS temp.cache_users_change;
    CREATE TEMP TRIGGER cache_sessions_delete AFTER DELETE ON main.sessions
      BEGIN SELECT ${SQLITE_FUNCTION}('s', OLD.id_hash); END;
    CREATE TEMP TRIGGER cache_sessions_update AFTER UPDATE ON main.sessions
      WHEN ${changedBesides(connection, "sessions", "last_seen_at")}
      BEGIN SELECT ${SQLITE_FUNCTION}('s', OLD.id_hash); END;
    CREATE TEMP TRIGGER cache_users_change AFTER UPDATE ON main.users
      BEGIN SELECT ${SQLITE_FUNCTION}('u', OLD.id); END;
    CREATE TEMP TRIGGER cache_users_delete AFTER DELETE ON main.users
      BEGIN SELECT ${SQLITE_FUNCTION}('u', OLD.id); END;
  `);
  installSqliteListTriggers(connection);
}

/** Which lists a write changed (decision 114); PostgreSQL's twins are in migration 2026-11-26-05. */
function installSqliteListTriggers(connection: SQLite.Database) {
  const live = SQLITE_LIVE_FUNCTION;
  const statements: string[] = [];
  for (const table of ["tasks", "events"] as const) {
    statements.push(
      `CREATE TEMP TRIGGER live_${table}_insert AFTER INSERT ON main.${table} BEGIN SELECT ${live}(NEW.user_id, '${table}'); END;`,
      `CREATE TEMP TRIGGER live_${table}_update AFTER UPDATE ON main.${table} BEGIN SELECT ${live}(NEW.user_id, '${table}'); END;`,
      `CREATE TEMP TRIGGER live_${table}_delete AFTER DELETE ON main.${table} BEGIN SELECT ${live}(OLD.user_id, '${table}'); END;`,
    );
  }
  const userColumns = new Set((connection.pragma("table_info(users)") as { name: string }[]).map((c) => c.name));
  for (const [list, columns] of Object.entries(USER_COLUMNS_BY_LIST)) {
    const changed = columns.filter((c) => userColumns.has(c)).map((c) => `NEW."${c}" IS NOT OLD."${c}"`);
    if (changed.length === 0) continue;
    statements.push(
      `CREATE TEMP TRIGGER live_users_${list} AFTER UPDATE ON main.users WHEN ${changed.join(" OR ")}
        BEGIN SELECT ${live}(NEW.id, '${list}'); END;`,
    );
  }
  // The school's version moves in every transaction that publishes (decision 112); announcements are the school's too.
  statements.push(
    `CREATE TEMP TRIGGER live_school_version_insert AFTER INSERT ON main.app_settings WHEN NEW.key = 'schoolVersion'
      BEGIN SELECT ${live}(NULL, 'school'); END;`,
    `CREATE TEMP TRIGGER live_school_version_update AFTER UPDATE ON main.app_settings WHEN NEW.key = 'schoolVersion'
      BEGIN SELECT ${live}(NULL, 'school'); END;`,
    `CREATE TEMP TRIGGER live_announcements_insert AFTER INSERT ON main.announcements BEGIN SELECT ${live}(NULL, 'school'); END;`,
    `CREATE TEMP TRIGGER live_announcements_delete AFTER DELETE ON main.announcements BEGIN SELECT ${live}(NULL, 'school'); END;`,
  );
  connection.exec(statements.join("\n"));
}

/** First retry after a lost listener; doubles up to the maximum. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;
/**
 * A listener whose connection stalls or dies without a word (a hung proxy, a partition: no FIN)
 * would miss notifications unnoticed. So it answers a `select 1` every HEARTBEAT_MS, and the feed
 * counts as live only while the last answer is younger than LIVENESS_MS: past that, nothing kept
 * is used until it answers again (notifications queued meanwhile arrive before that answer).
 */
const HEARTBEAT_MS = 1000;
const LIVENESS_MS = 3000;
const LISTENER_TIMEOUT_MS = 5000;
/** The longest `settle` waits for its fence before the listener counts as lost. */
const SETTLE_TIMEOUT_MS = 1000;

/**
 * PostgreSQL: one connection per instance, outside the pool, LISTENing on CACHE_CHANNEL.
 * PostgreSQL delivers a notification once its transaction commits, in commit order, to every
 * listener. While the listener is down (cut, server restarting, not yet connected) the feed is not
 * live; when it comes back, subscribers are told of a gap before it is live again, so nothing
 * kept from before the outage is used.
 */
function postgresChangeFeed(url: string): ChangeFeed {
  const fanOut = subscribers();
  let client: pg.Client | undefined;
  /** Listening; `lastAnswerAt` says whether it still is. */
  let live = false;
  let lastAnswerAt = 0;
  let heartbeatInFlight = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  const fenceId = Math.random().toString(36).slice(2);
  const listenerName = `student_hub_cache_listener_${fenceId}`;
  let fences = 0;
  const fenceWaiters = new Map<string, () => void>();

  function lost(lostClient: pg.Client, error?: Error) {
    if (lostClient !== client) return;
    client = undefined;
    const wasLive = live;
    live = false;
    fanOut.gap();
    if (wasLive) fanOut.state(false, error);
    lostClient.removeAllListeners("notification");
    // A fence that will never come back: the gap above already forgot everything.
    for (const resolve of fenceWaiters.values()) resolve();
    fenceWaiters.clear();
    lostClient.end().catch(() => {});
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: listenerName,
      keepAlive: true,
      connectionTimeoutMillis: LISTENER_TIMEOUT_MS,
      query_timeout: LISTENER_TIMEOUT_MS,
    });
    client = next;
    next.on("notification", (message) => {
      if (next !== client) return;
      if (message.channel === LIVE_CHANNEL) {
        // Lists only name what to read again; one this version does not know is not a reason to forget sessions.
        const lists = message.payload ? parseLiveNotification(message.payload) : undefined;
        if (lists) fanOut.lists(lists);
        return;
      }
      if (message.channel !== CACHE_CHANNEL) return;
      if (message.payload?.startsWith(FENCE_PREFIX)) {
        fenceWaiters.get(message.payload)?.();
        fenceWaiters.delete(message.payload);
        return;
      }
      const change = message.payload ? parseCacheNotification(message.payload) : undefined;
      // Something this version does not understand: the safe reading is "anything may have changed".
      if (change) fanOut.change(change);
      else fanOut.gap();
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      return lost(next, error as Error);
    }
    if (next !== client || closed) return;
    retryMs = RETRY_FIRST_MS;
    fanOut.gap();
    live = true;
    lastAnswerAt = Date.now();
    fanOut.state(true);
    for (const resolve of waiters) resolve();
    waiters = [];
  }

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !live || heartbeatInFlight) return;
    heartbeatInFlight = true;
    current
      .query("select 1")
      .then(() => {
        if (current === client) lastAnswerAt = Date.now();
      })
      .catch((error: Error) => lost(current, error))
      .finally(() => (heartbeatInFlight = false));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  void connect();

  return {
    get live() {
      return live && Date.now() - lastAnswerAt < LIVENESS_MS;
    },
    listenerName,
    sync() {},
    subscribe: (subscriber) => void fanOut.all.add(subscriber),
    onStateChange: (listener) => void fanOut.stateListeners.add(listener),
    whenLive: () => (live ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    async settle() {
      const current = client;
      if (!current || !live) return; // not live: nothing kept is used, nothing to wait for
      const fence = `${FENCE_PREFIX}${fenceId}:${++fences}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        fenceWaiters.set(fence, resolve);
        // A listener that cannot carry its own fence in time is not trusted: lost, so nothing kept is used.
        timer = setTimeout(() => lost(current, new Error("the change listener did not answer its fence in time")), SETTLE_TIMEOUT_MS);
        timer.unref();
      });
      current.query("select pg_notify($1, $2)", [CACHE_CHANNEL, fence]).catch((error: Error) => lost(current, error));
      await arrived;
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      live = false;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
