import path from "node:path";
import { DEFAULT_TIME_ZONE } from "../core/dates";
import { type MailConfig, parseMailConfig } from "./mail-config";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";
import { type OidcProviderConfig, parseOidcProviders, parseRegistrationMode, type RegistrationMode } from "./sso-config";

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  timeZone: string;
  adminEmails: string[];
  adminPasscode: string | undefined;
  /** TRUST_PROXY: which proxies may name the client; anything trusted means TLS is in front. */
  trustProxy: TrustProxy;
  /** Where the built client lives; the server serves it when present. */
  clientDir: string;
  logLevel: string;
  /** Scales the sign-in and registration limits (a school behind one NAT address may need more). */
  authRateLimitMultiplier: number;
  /** PostgreSQL connections per instance; several instances share the server's max_connections. */
  databasePoolSize: number;
  /** SQLITE_SYNCHRONOUS: FULL (default: a saved write survives a power cut) or NORMAL. */
  sqliteSynchronous: "FULL" | "NORMAL";
  /** PostgreSQL: longest wait to open a connection or get a free one from the pool. */
  databaseConnectTimeoutMs: number;
  /** Longest a statement may run (PostgreSQL statement_timeout) or wait for a lock (SQLite busy_timeout). */
  databaseStatementTimeoutMs: number;
  /** A request not answered within this gets 503; it is also the longest its headers and body may take to arrive. */
  requestTimeoutMs: number;
  /** The origin users reach the app at (PUBLIC_URL), for links such as the calendar feed's; else the request's own. */
  publicUrl: string | null;
  /** How often each instance looks for reminders that are due (REMINDER_SCAN_SECONDS, default 30). */
  reminderScanSeconds: number;
  /** How often each instance looks for LMS feeds due a refresh (LMS_FEED_SCAN_SECONDS, default 60; decision 125). */
  lmsFeedScanSeconds: number;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url), both or neither: else generated once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services; unset, derived (decision 087). */
  vapidSubject: string | undefined;
  /** PUSH_ALLOWED_ENDPOINT_ORIGINS: origins beyond the browsers' push services that subscriptions may name (a test push service). */
  pushAllowedEndpointOrigins: string[];
  /** IMPORT_ALLOWED_ORIGINS: origins the LMS feed fetcher may reach whatever they resolve to, http: included (a test feed server, decision 117). */
  importAllowedOrigins: string[];
  /** METRICS_TOKEN: the bearer token `GET /metrics` asks for; null leaves /metrics unserved (decision 105). */
  metricsToken: string | null;
  /** The school's identity providers (OIDC_<ID>_*, decision 110); empty when sign-in is by password only. */
  oidcProviders: OidcProviderConfig[];
  /** REGISTRATION_MODE: who may make an account (open, sso-only, closed). */
  registrationMode: RegistrationMode;
  /** SMTP_URL and MAIL_FROM (decision 115); null when nothing is mailed. */
  mail: MailConfig | null;
}

/** Reads `DATABASE_URL`: unset → ./data/app.db, `sqlite:PATH`, or `postgres://…`. */
export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  if (!value) return { kind: "sqlite", file: path.resolve("data", "app.db") };
  if (value.startsWith("postgres://") || value.startsWith("postgresql://")) return { kind: "postgres", url: value };
  if (value.startsWith("sqlite:")) {
    const file = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${value.split(":")[0]}:…")`);
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${value}")`);
  return n;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  const n = positiveNumber(value, fallback, name);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number (got "${value}")`);
  return n;
}

function sqliteSynchronous(value: string | undefined): "FULL" | "NORMAL" {
  const upper = (value ?? "").trim().toUpperCase();
  if (upper === "" || upper === "FULL") return "FULL";
  if (upper === "NORMAL") return "NORMAL";
  throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL (got "${value}")`);
}

function vapidKeys(publicKey: string | undefined, privateKey: string | undefined): AppConfig["vapidKeys"] {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to have them generated)");
  const decoded = (value: string) => Buffer.from(value, "base64url");
  if (decoded(publicKey).length !== 65 || decoded(privateKey).length !== 32) {
    throw new Error(
      "VAPID_PUBLIC_KEY must be a 65-byte and VAPID_PRIVATE_KEY a 32-byte P-256 key, base64url (npx web-push generate-vapid-keys)",
    );
  }
  return { publicKey, privateKey };
}

function vapidSubject(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/i.test(value))
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL (got "${value}")`);
  return value;
}

/** Shortest METRICS_TOKEN accepted: 32 random hex characters carry 128 bits. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

/**
 * METRICS_TOKEN, a bearer token (RFC 6750's characters), long enough that guessing it is hopeless.
 * The error never repeats the value: it is a secret, and start-up errors end up in logs.
 */
function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < METRICS_TOKEN_MIN_LENGTH || !/^[A-Za-z0-9\-._~+/]+=*$/.test(value)) {
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters of A-Z, a-z, 0-9 and - . _ ~ + / ` +
        `(got ${value.length} characters); make one with \`openssl rand -hex 32\``,
    );
  }
  return value;
}

function origins(value: string | undefined, name: string): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new Error(`${name} must list origins such as http://127.0.0.1:9000 (got "${part}")`);
      }
      if (!["http:", "https:"].includes(url.protocol) || url.origin !== part.replace(/\/$/, "")) {
        throw new Error(`${name} must list origins such as http://127.0.0.1:9000 (got "${part}")`);
      }
      return url.origin;
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const timeZone = env.APP_TIME_ZONE || DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(timeZone)) throw new Error(`APP_TIME_ZONE "${timeZone}" is not a known IANA time zone`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT "${env.PORT}" is not a port number`);
  const publicUrl = origins(env.PUBLIC_URL, "PUBLIC_URL")[0] ?? null;
  const oidcProviders = parseOidcProviders(env);
  // A provider sends the browser back to a redirect URI registered with it: built from a Host
  // header, anyone could make the app name another (decision 110).
  if (oidcProviders.length > 0 && !publicUrl) {
    throw new Error(
      `PUBLIC_URL must be set when a sign-in provider is configured (OIDC_${oidcProviders[0]!.id.toUpperCase()}_*): ` +
        "the provider's redirect URI is built from it, e.g. PUBLIC_URL=https://hub.lincoln.example",
    );
  }
  const mail = parseMailConfig(env, publicUrl);
  const registrationMode = parseRegistrationMode(env.REGISTRATION_MODE);
  if (registrationMode === "sso-only" && oidcProviders.length === 0) {
    throw new Error("REGISTRATION_MODE=sso-only needs a sign-in provider (OIDC_<ID>_*): nobody could make an account");
  }
  return {
    port,
    host: env.HOST || "0.0.0.0",
    database: parseDatabaseUrl(env.DATABASE_URL),
    timeZone,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    adminPasscode: env.ADMIN_PASSCODE || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR || "dist"),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    authRateLimitMultiplier: positiveNumber(env.AUTH_RATE_LIMIT_MULTIPLIER, 1, "AUTH_RATE_LIMIT_MULTIPLIER"),
    databasePoolSize: positiveInteger(env.DATABASE_POOL_SIZE, 10, "DATABASE_POOL_SIZE"),
    sqliteSynchronous: sqliteSynchronous(env.SQLITE_SYNCHRONOUS),
    databaseConnectTimeoutMs: positiveInteger(env.DATABASE_CONNECT_TIMEOUT_MS, 5000, "DATABASE_CONNECT_TIMEOUT_MS"),
    databaseStatementTimeoutMs: positiveInteger(env.DATABASE_STATEMENT_TIMEOUT_MS, 5000, "DATABASE_STATEMENT_TIMEOUT_MS"),
    requestTimeoutMs: positiveInteger(env.REQUEST_TIMEOUT_MS, 15000, "REQUEST_TIMEOUT_MS"),
    reminderScanSeconds: positiveNumber(env.REMINDER_SCAN_SECONDS, 30, "REMINDER_SCAN_SECONDS"),
    lmsFeedScanSeconds: positiveNumber(env.LMS_FEED_SCAN_SECONDS, 60, "LMS_FEED_SCAN_SECONDS"),
    publicUrl,
    vapidKeys: vapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    vapidSubject: vapidSubject(env.VAPID_SUBJECT),
    pushAllowedEndpointOrigins: origins(env.PUSH_ALLOWED_ENDPOINT_ORIGINS, "PUSH_ALLOWED_ENDPOINT_ORIGINS"),
    importAllowedOrigins: origins(env.IMPORT_ALLOWED_ORIGINS, "IMPORT_ALLOWED_ORIGINS"),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    oidcProviders,
    registrationMode,
    mail,
  };
}
