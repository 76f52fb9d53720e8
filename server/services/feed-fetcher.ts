import { promises as dns, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address";

/**
 * Fetching a student's LMS calendar feed (decision 117). The URL is the student's, so it is the
 * attack surface: https only; every address the host resolves to must be public, checked on each
 * connection (redirects included, at most 3) by the socket's own lookup, so a name cannot resolve
 * to a public address for the check and a private one for the connection; 10 s for the whole
 * fetch; 5 MB; a calendar's content type or body. IMPORT_ALLOWED_ORIGINS admits listed origins
 * (http: ones included) whatever they resolve to: a test feed server on loopback.
 */

export const FEED_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 } as const;

/** Why a fetch failed, in words a student can act on (the route words them). */
export type FeedFetchFailure =
  | "invalid_url"
  | "not_https"
  | "blocked_address"
  | "unreachable"
  | "http_status"
  | "too_many_redirects"
  | "timeout"
  | "too_large"
  | "not_calendar";

export class FeedFetchError extends Error {
  constructor(
    readonly reason: FeedFetchFailure,
    /** The feed's HTTP status, for "http_status". */
    readonly status?: number,
  ) {
    super(status === undefined ? reason : `${reason} ${status}`);
  }
}

export type ResolveHost = (host: string) => Promise<readonly LookupAddress[]>;

export interface FeedFetchOptions {
  /** IMPORT_ALLOWED_ORIGINS: origins fetched whatever their scheme and addresses. */
  allowedOrigins: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** How host names are resolved (tests name hosts that resolve to loopback). */
  resolve?: ResolveHost;
  /** Aborts the fetch (the instance is stopping, decision 125); it then fails as a time-out would. */
  signal?: AbortSignal;
}

const systemResolve: ResolveHost = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * The URL a student pasted, as the fetcher reads it: `webcal://` is the feed's `https://` address
 * (the LMSs' "subscribe" links use it). Null when it is not a URL we could ever fetch.
 */
export function feedUrl(raw: string): URL | null {
  const trimmed = raw.trim();
  const text = /^webcals?:\/\//i.test(trimmed) ? trimmed.replace(/^webcals?:\/\//i, "https://") : trimmed;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || !url.hostname) return null;
  url.hash = "";
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** A socket lookup that answers only public addresses (or anything, for an allowed origin). */
function checkedLookup(resolve: ResolveHost, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 4);
        if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
          return callback(new FeedFetchError("blocked_address"), "", 4);
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [...usable]);
        const first = usable[0];
        if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 4);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

interface Hop {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer | null;
}

function requestOnce(
  url: URL,
  options: Required<Omit<FeedFetchOptions, "allowedOrigins" | "signal">>,
  allowed: boolean,
  signal: AbortSignal,
) {
  return new Promise<Hop>((resolvePromise, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "GET",
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "StudentHub-FeedImport/1" },
        lookup: checkedLookup(options.resolve, allowed),
        signal,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers["content-type"] ?? "");
        if (status >= 300 && status < 400) {
          response.resume();
          resolvePromise({ status, location: response.headers.location, contentType, body: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolvePromise({ status, location: undefined, contentType, body: null });
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new FeedFetchError("too_large"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FeedFetchError("too_large"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolvePromise({ status, location: undefined, contentType, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * The body as text, by the charset its Content-Type declares (`text/calendar; charset=ISO-8859-1`
 * from older LMS and school servers); UTF-8 when it declares none or one the platform does not
 * know, and Windows-1252 when an undeclared body is not valid UTF-8 (what Outlook-era exporters
 * write). A byte order mark is dropped (decision 122).
 */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const declared = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared).decode(body);
    } catch {
      // A charset the platform does not know: read as UTF-8 below.
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return declared ? new TextDecoder("utf-8").decode(body) : new TextDecoder("windows-1252").decode(body);
  }
}

/** Whether a body is an iCalendar stream, whatever its content type says. */
export function looksLikeCalendar(body: string): boolean {
  return /^\s*BEGIN:VCALENDAR\b/i.test(body.replace(/^\uFEFF/, ""));
}

/** Fetches a feed within the rules above; throws FeedFetchError with the reason otherwise. */
export async function fetchFeed(raw: string, options: FeedFetchOptions): Promise<{ body: string; url: string }> {
  const settings = {
    timeoutMs: options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes,
    maxRedirects: options.maxRedirects ?? FEED_FETCH_LIMITS.maxRedirects,
    resolve: options.resolve ?? systemResolve,
  };
  let url = feedUrl(raw);
  if (!url) throw new FeedFetchError("invalid_url");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  const stop = () => controller.abort();
  options.signal?.addEventListener("abort", stop, { once: true });
  if (options.signal?.aborted) controller.abort();
  try {
    for (let redirects = 0; ; redirects++) {
      const allowed = options.allowedOrigins.includes(url.origin);
      if (!allowed && url.protocol !== "https:") throw new FeedFetchError("not_https");
      const host = bareHost(url);
      // A literal address never reaches the lookup: it is checked here.
      if (!allowed && isIP(host) && !isPublicAddress(host)) throw new FeedFetchError("blocked_address");
      let hop: Hop;
      try {
        hop = await requestOnce(url, settings, allowed, controller.signal);
      } catch (error) {
        if (error instanceof FeedFetchError) throw error;
        if (controller.signal.aborted) throw new FeedFetchError("timeout");
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof FeedFetchError) throw cause;
        throw new FeedFetchError("unreachable");
      }
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        if (redirects >= settings.maxRedirects) throw new FeedFetchError("too_many_redirects");
        const next = feedUrl(new URL(hop.location, url).toString());
        if (!next) throw new FeedFetchError("invalid_url");
        url = next;
        continue;
      }
      if (!hop.body) throw new FeedFetchError("http_status", hop.status);
      const body = decodeBody(hop.body, hop.contentType);
      if (!/^text\/calendar\b/i.test(hop.contentType) && !looksLikeCalendar(body)) throw new FeedFetchError("not_calendar");
      return { body, url: url.toString() };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}
