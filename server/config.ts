import path from "node:path";
import { z } from "zod";
import { DEFAULT_TIME_ZONE, isWallClockTime } from "../core/dates";
import { DEFAULT_DIGEST_TIME } from "../core/guardian-digest";
import { RETENTION_MIN_INACTIVE_DAYS } from "../core/retention";
import { refuse, text } from "./env-field";
import { type OidcProviderConfig, readOidcProviders, registrationMode, type RegistrationMode } from "./sso-config";
import { type TrustProxy, trustProxy } from "./trust-proxy";

// The configuration is the environment read through one zod schema (`environment`, below): a
// field per variable with its default and the message that refuses it, then what no one
// variable decides: the OIDC_<ID>_* providers, whose names vary, and the rules between
// variables. Start-up prints one line, so loadConfig throws the first refusal's message; the
// messages are the operator's only guide, and the tests hold many of them word for word.

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/**
 * Mail settings (issue 38, decision 115): SMTP_URL and MAIL_FROM. Without SMTP_URL nothing is
 * mailed and the app offers no forgot-password by email. Errors name the variable, never the
 * URL's password.
 */
export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS from the start). */
  smtpUrl: string;
  /** The From of every mail: MAIL_FROM, else "Student Hub <no-reply@PUBLIC_URL's host>". */
  from: string;
}

/** The student information system's OneRoster 1.2 provider (issue 55): ONEROSTER_URL and its credentials. */
export interface OneRosterConfig {
  /** ONEROSTER_URL: the provider's base, …/ims/oneroster/rostering/v1p2. */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** ONEROSTER_SCHOOL: an org sourcedId; only its students are read. */
  school: string | null;
}

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
  /** When the families' digests go, HH:mm in the school's time zone (GUARDIAN_DIGEST_TIME, default 18:00; issue 54). */
  guardianDigestTime: string;
  /** STAFF_REQUIRE_2FA: an admin with a password unlocks the panel only with two-step verification on (issue 55). */
  staffRequire2fa: boolean;
  /** RETENTION_INACTIVE_DAYS: an account unused this long is deleted (after a notice); null when off (issue 55). */
  retentionInactiveDays: number | null;
  /** AUDIT_RETENTION_DAYS (default 730): older audit entries are pruned. */
  auditRetentionDays: number;
  /** RETENTION_DISABLED_DAYS (default 30): an account the roster closed is deleted this long after. */
  retentionDisabledDays: number;
  /** ONEROSTER_*: the student information system's OneRoster 1.2 provider, null when not set (issue 55). */
  oneRoster: OneRosterConfig | null;
  /** ONEROSTER_SYNC_MINUTES (default 1440): how often the roster is read. */
  oneRosterSyncMinutes: number;
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

/** A number above 0; unset or empty, `fallback`. */
function positiveNumber(name: string, fallback: number, { whole = false } = {}) {
  return text.transform((value, ctx) => {
    if (value === undefined || value === "") return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return refuse(ctx, `${name} must be a positive number (got "${value}")`);
    if (whole && !Number.isInteger(n)) return refuse(ctx, `${name} must be a whole number (got "${value}")`);
    return n;
  });
}

function positiveInteger(name: string, fallback: number) {
  return positiveNumber(name, fallback, { whole: true });
}

/** A comma-separated list of origins (scheme, host and port: no path), as URL.origin writes them. */
function origins(name: string) {
  return text.transform((value, ctx) => {
    const parts = (value ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const list: string[] = [];
    for (const part of parts) {
      const url = URL.parse(part);
      if (!url || !["http:", "https:"].includes(url.protocol) || url.origin !== part.replace(/\/$/, "")) {
        return refuse(ctx, `${name} must list origins such as http://127.0.0.1:9000 (got "${part}")`);
      }
      list.push(url.origin);
    }
    return list;
  });
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = text.transform((value, ctx) => {
  const zone = value || DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(zone)) return refuse(ctx, `APP_TIME_ZONE "${zone}" is not a known IANA time zone`);
  return zone;
});

/** GUARDIAN_DIGEST_TIME: when the families' digests go, HH:mm in the school's time zone (issue 54). */
const guardianDigestTime = text.transform((value, ctx) => {
  if (!value) return DEFAULT_DIGEST_TIME;
  if (!isWallClockTime(value)) return refuse(ctx, `GUARDIAN_DIGEST_TIME must be a 24-hour time such as 18:00 (got "${value}")`);
  return value;
});

/** RETENTION_INACTIVE_DAYS: unset or empty is off; else whole days, at least RETENTION_MIN_INACTIVE_DAYS (a notice needs room). */
const retentionInactiveDays = text.transform((value, ctx) => {
  if (!value) return null;
  const days = Number(value);
  if (!Number.isInteger(days) || days < RETENTION_MIN_INACTIVE_DAYS)
    return refuse(ctx, `RETENTION_INACTIVE_DAYS must be a whole number of days, at least ${RETENTION_MIN_INACTIVE_DAYS} (got "${value}")`);
  return days;
});

/** A yes-or-no variable: true/1/yes/on, or false/0/no/off; unset is false. */
function flag(name: string) {
  return text.transform((value, ctx) => {
    const word = (value ?? "").trim().toLowerCase();
    if (["", "false", "0", "no", "off"].includes(word)) return false;
    if (["true", "1", "yes", "on"].includes(word)) return true;
    return refuse(ctx, `${name} must be true or false (got "${value}")`);
  });
}

/** PORT; an empty one is 0 (any free port). */
const port = text.transform((value, ctx) => {
  const n = Number(value ?? 3000);
  if (!Number.isInteger(n) || n < 0 || n > 65535) return refuse(ctx, `PORT "${value}" is not a port number`);
  return n;
});

/** DATABASE_URL: unset → ./data/app.db, `sqlite:PATH`, or `postgres://…`. */
const databaseUrl = text.transform((value, ctx): DatabaseConfig => {
  if (!value) return { kind: "sqlite", file: path.resolve("data", "app.db") };
  if (value.startsWith("postgres://") || value.startsWith("postgresql://")) return { kind: "postgres", url: value };
  if (value.startsWith("sqlite:")) {
    const file = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
  }
  return refuse(ctx, `DATABASE_URL must start with sqlite: or postgres:// (got "${value.split(":")[0]}:…")`);
});

const sqliteSynchronous = text.transform((value, ctx): "FULL" | "NORMAL" => {
  const upper = (value ?? "").trim().toUpperCase();
  if (upper === "" || upper === "FULL") return "FULL";
  if (upper === "NORMAL") return "NORMAL";
  return refuse(ctx, `SQLITE_SYNCHRONOUS must be FULL or NORMAL (got "${value}")`);
});

const vapidSubject = text.transform((value, ctx) => {
  if (!value) return undefined;
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/i.test(value)) {
    return refuse(ctx, `VAPID_SUBJECT must be a mailto: address or an https: URL (got "${value}")`);
  }
  return value;
});

/** Shortest METRICS_TOKEN accepted: 32 random hex characters carry 128 bits. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

/**
 * METRICS_TOKEN, a bearer token (RFC 6750's characters), long enough that guessing it is hopeless.
 * The error never repeats the value: it is a secret, and start-up errors end up in logs.
 */
const metricsToken = text.transform((value, ctx) => {
  if (!value) return null;
  if (value.length < METRICS_TOKEN_MIN_LENGTH || !/^[A-Za-z0-9\-._~+/]+=*$/.test(value)) {
    return refuse(
      ctx,
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters of A-Z, a-z, 0-9 and - . _ ~ + / ` +
        `(got ${value.length} characters); make one with \`openssl rand -hex 32\``,
    );
  }
  return value;
});

/** What an SMTP_URL looks like, for the errors: the password is never repeated. */
function withoutPassword(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = "…";
  return copy.href;
}

/** SMTP_URL, trimmed; null when unset (nothing is mailed). */
const smtpUrl = text.transform((value, ctx) => {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const url = URL.parse(trimmed);
  if (!url) return refuse(ctx, "SMTP_URL must be a URL such as smtp://user:password@mail.lincoln.example:587 or smtps://…:465");
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    return refuse(ctx, `SMTP_URL must start with smtp:// or smtps:// (got ${withoutPassword(url)})`);
  }
  if (!url.hostname) return refuse(ctx, `SMTP_URL must name the mail server's host (got ${withoutPassword(url)})`);
  return trimmed;
});

/** The From of every mail: MAIL_FROM, else no-reply at PUBLIC_URL's host. */
function mailFrom(value: string | undefined, publicUrl: string): string {
  return value || `Student Hub <no-reply@${new URL(publicUrl).hostname}>`;
}

/** Text; empty counts as unset. */
const nonEmpty = text.transform((value) => value || undefined);

/**
 * Every variable the app reads, each with its default and the message that refuses it. With
 * several wrong, the first in this order is the one reported (all of them come before the
 * providers and the rules between variables). The configuration table of docs/operating.md
 * has a row for each (config.test.ts checks both ways); OIDC_<ID>_* are read from the rest.
 */
export const VARIABLES = {
  APP_TIME_ZONE: timeZone,
  PORT: port,
  // A list, as the other origins are; the first is the app's.
  PUBLIC_URL: origins("PUBLIC_URL").transform((list) => list[0] ?? null),
  SMTP_URL: smtpUrl,
  MAIL_FROM: text.transform((value) => value?.trim() || undefined),
  REGISTRATION_MODE: registrationMode,
  DATABASE_URL: databaseUrl,
  HOST: text.transform((value) => value || "0.0.0.0"),
  ADMIN_EMAILS: text.transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  ),
  ADMIN_PASSCODE: nonEmpty,
  TRUST_PROXY: trustProxy,
  CLIENT_DIR: text.transform((value) => path.resolve(value || "dist")),
  LOG_LEVEL: text,
  // Only for LOG_LEVEL's default: the test suites' servers log nothing.
  NODE_ENV: text,
  AUTH_RATE_LIMIT_MULTIPLIER: positiveNumber("AUTH_RATE_LIMIT_MULTIPLIER", 1),
  DATABASE_POOL_SIZE: positiveInteger("DATABASE_POOL_SIZE", 10),
  SQLITE_SYNCHRONOUS: sqliteSynchronous,
  DATABASE_CONNECT_TIMEOUT_MS: positiveInteger("DATABASE_CONNECT_TIMEOUT_MS", 5000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInteger("DATABASE_STATEMENT_TIMEOUT_MS", 5000),
  REQUEST_TIMEOUT_MS: positiveInteger("REQUEST_TIMEOUT_MS", 15000),
  REMINDER_SCAN_SECONDS: positiveNumber("REMINDER_SCAN_SECONDS", 30),
  LMS_FEED_SCAN_SECONDS: positiveNumber("LMS_FEED_SCAN_SECONDS", 60),
  GUARDIAN_DIGEST_TIME: guardianDigestTime,
  STAFF_REQUIRE_2FA: flag("STAFF_REQUIRE_2FA"),
  RETENTION_INACTIVE_DAYS: retentionInactiveDays,
  AUDIT_RETENTION_DAYS: positiveInteger("AUDIT_RETENTION_DAYS", 730),
  RETENTION_DISABLED_DAYS: positiveInteger("RETENTION_DISABLED_DAYS", 30),
  ONEROSTER_URL: nonEmpty,
  ONEROSTER_TOKEN_URL: nonEmpty,
  ONEROSTER_CLIENT_ID: nonEmpty,
  ONEROSTER_CLIENT_SECRET: nonEmpty,
  ONEROSTER_SYNC_MINUTES: positiveInteger("ONEROSTER_SYNC_MINUTES", 1440),
  ONEROSTER_SCHOOL: nonEmpty,
  // A pair, checked together below; empty counts as unset.
  VAPID_PUBLIC_KEY: nonEmpty,
  VAPID_PRIVATE_KEY: nonEmpty,
  VAPID_SUBJECT: vapidSubject,
  PUSH_ALLOWED_ENDPOINT_ORIGINS: origins("PUSH_ALLOWED_ENDPOINT_ORIGINS"),
  IMPORT_ALLOWED_ORIGINS: origins("IMPORT_ALLOWED_ORIGINS"),
  METRICS_TOKEN: metricsToken,
};

/** The environment, read: each variable alone, then the providers, then the rules between variables. */
export const environment = z
  // Loose: every other variable passes through, the OIDC_<ID>_* ones among them.
  .looseObject(VARIABLES)
  .transform((env, ctx) => ({ ...env, oidcProviders: readOidcProviders(env, ctx) }))
  .superRefine((env, ctx) => {
    // A provider sends the browser back to a redirect URI registered with it: built from a Host
    // header, anyone could make the app name another (decision 110).
    if (env.oidcProviders.length > 0 && !env.PUBLIC_URL) {
      return refuse(
        ctx,
        `PUBLIC_URL must be set when a sign-in provider is configured (OIDC_${env.oidcProviders[0]!.id.toUpperCase()}_*): ` +
          "the provider's redirect URI is built from it, e.g. PUBLIC_URL=https://hub.lincoln.example",
      );
    }
    if (env.SMTP_URL) {
      // A reset link built from a request's Host header would let anyone make the mail point elsewhere.
      if (!env.PUBLIC_URL) {
        return refuse(
          ctx,
          "PUBLIC_URL must be set when SMTP_URL is: the links in mails are built from it, e.g. PUBLIC_URL=https://hub.lincoln.example",
        );
      }
      const from = mailFrom(env.MAIL_FROM, env.PUBLIC_URL);
      // An address in angle brackets, or a bare one; no line breaks (a header).
      if (/[\r\n]/.test(from) || !/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(from)) {
        return refuse(ctx, `MAIL_FROM must be an address, such as "Student Hub <hub@lincoln.example>" (got "${from}")`);
      }
    }
    const oneRoster = [env.ONEROSTER_URL, env.ONEROSTER_TOKEN_URL, env.ONEROSTER_CLIENT_ID, env.ONEROSTER_CLIENT_SECRET];
    if (oneRoster.some(Boolean) && !oneRoster.every(Boolean)) {
      return refuse(
        ctx,
        "ONEROSTER_URL, ONEROSTER_TOKEN_URL, ONEROSTER_CLIENT_ID and ONEROSTER_CLIENT_SECRET must be set together (or none)",
      );
    }
    for (const [name, value] of [
      ["ONEROSTER_URL", env.ONEROSTER_URL],
      ["ONEROSTER_TOKEN_URL", env.ONEROSTER_TOKEN_URL],
    ] as const) {
      if (value && !/^https?:\/\/[^\s]+$/i.test(value)) return refuse(ctx, `${name} must be an http(s) URL (got "${value}")`);
    }
    if (env.REGISTRATION_MODE === "sso-only" && env.oidcProviders.length === 0) {
      return refuse(ctx, "REGISTRATION_MODE=sso-only needs a sign-in provider (OIDC_<ID>_*): nobody could make an account");
    }
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
    if (!publicKey !== !privateKey) {
      return refuse(ctx, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to have them generated)");
    }
    const bytes = (value: string) => Buffer.from(value, "base64url").length;
    if (publicKey && privateKey && (bytes(publicKey) !== 65 || bytes(privateKey) !== 32)) {
      return refuse(
        ctx,
        "VAPID_PUBLIC_KEY must be a 65-byte and VAPID_PRIVATE_KEY a 32-byte P-256 key, base64url (npx web-push generate-vapid-keys)",
      );
    }
  })
  .transform((env): AppConfig => ({
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL,
    timeZone: env.APP_TIME_ZONE,
    adminEmails: env.ADMIN_EMAILS,
    adminPasscode: env.ADMIN_PASSCODE,
    trustProxy: env.TRUST_PROXY,
    clientDir: env.CLIENT_DIR,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    authRateLimitMultiplier: env.AUTH_RATE_LIMIT_MULTIPLIER,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    reminderScanSeconds: env.REMINDER_SCAN_SECONDS,
    lmsFeedScanSeconds: env.LMS_FEED_SCAN_SECONDS,
    guardianDigestTime: env.GUARDIAN_DIGEST_TIME,
    staffRequire2fa: env.STAFF_REQUIRE_2FA,
    retentionInactiveDays: env.RETENTION_INACTIVE_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    retentionDisabledDays: env.RETENTION_DISABLED_DAYS,
    oneRoster:
      env.ONEROSTER_URL && env.ONEROSTER_TOKEN_URL && env.ONEROSTER_CLIENT_ID && env.ONEROSTER_CLIENT_SECRET
        ? {
            url: env.ONEROSTER_URL,
            tokenUrl: env.ONEROSTER_TOKEN_URL,
            clientId: env.ONEROSTER_CLIENT_ID,
            clientSecret: env.ONEROSTER_CLIENT_SECRET,
            school: env.ONEROSTER_SCHOOL ?? null,
          }
        : null,
    oneRosterSyncMinutes: env.ONEROSTER_SYNC_MINUTES,
    publicUrl: env.PUBLIC_URL,
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
    vapidSubject: env.VAPID_SUBJECT,
    pushAllowedEndpointOrigins: env.PUSH_ALLOWED_ENDPOINT_ORIGINS,
    importAllowedOrigins: env.IMPORT_ALLOWED_ORIGINS,
    metricsToken: env.METRICS_TOKEN,
    oidcProviders: env.oidcProviders,
    registrationMode: env.REGISTRATION_MODE,
    // The rules above hold: PUBLIC_URL is set whenever SMTP_URL is.
    mail: env.SMTP_URL && env.PUBLIC_URL ? { smtpUrl: env.SMTP_URL, from: mailFrom(env.MAIL_FROM, env.PUBLIC_URL) } : null,
  }));

/** `schema`'s reading of `input`, or its first refusal thrown: the one line start-up prints. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues[0]!.message);
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return parsed(environment, env);
}

/** DATABASE_URL alone, for a tool given a database's URL (bench/run.ts). */
export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  return parsed(VARIABLES.DATABASE_URL, value);
}

/** The providers alone, without the rules that involve other variables (sso-config.test.ts). */
export function parseOidcProviders(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  return parsed(z.looseObject({}).transform(readOidcProviders), env);
}

/** REGISTRATION_MODE alone (sso-config.test.ts). */
export function parseRegistrationMode(value: string | undefined): RegistrationMode {
  return parsed(registrationMode, value);
}
