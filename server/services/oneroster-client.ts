import { z } from "zod";
import type { OneRosterConfig } from "../config";

/**
 * A thin typed client of a OneRoster 1.2 rostering provider (issue 55, decision 138), over fetch:
 * OAuth 2.0 client credentials, `limit`/`offset` paging read until a short page (with
 * `X-Total-Count` as a bound), time-outs and a retry of what may pass next time, no redirect off
 * the provider's host, a cap on every answer's size, and every record checked for its shape. No
 * package covers it. The secret is sent to the token endpoint only, and never logged.
 */

export type { OneRosterConfig };

/** Why a sync failed, as the run's report names it to staff (the panel words each in its language). */
export type OneRosterFailure =
  "token_refused" | "redirected" | "refused" | "unavailable" | "timed_out" | "too_large" | "not_json" | "bad_record" | "too_many";

/** A sync's failure: its kind for the report, and a detail for the log (never the secret, never a record's contents). */
export class OneRosterError extends Error {
  constructor(
    readonly kind: OneRosterFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const PAGE_SIZE = 500;
/** An answer larger than this is refused: a hostile or broken provider must not fill the server's memory. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** Records of one kind at most (a district's largest rosters are well below). */
const MAX_RECORDS = 200_000;
const REQUEST_TIMEOUT_MS = 20_000;
const ATTEMPTS = 3;

const ref = z.object({ sourcedId: z.string().min(1).max(256) });
const status = z.enum(["active", "tobedeleted"]);
/** When the provider last changed the record: where the next delta read starts. */
const dateLastModified = z.string().max(40).nullish();

export const oneRosterUserSchema = z.object({
  sourcedId: z.string().min(1).max(256),
  status,
  dateLastModified,
  givenName: z.string().max(200).default(""),
  familyName: z.string().max(200).default(""),
  email: z.string().max(254).nullish(),
  // 1.2: roles with their org; 1.1's role and orgs are read too.
  roles: z.array(z.object({ role: z.string(), org: ref })).optional(),
  role: z.string().optional(),
  orgs: z.array(ref).optional(),
});
export type OneRosterUser = z.infer<typeof oneRosterUserSchema>;

export const oneRosterClassSchema = z.object({
  sourcedId: z.string().min(1).max(256),
  status,
  dateLastModified,
  title: z.string().min(1).max(200),
  periods: z.array(z.string().max(50)).max(20).nullish(),
});
export type OneRosterClass = z.infer<typeof oneRosterClassSchema>;

export const oneRosterEnrollmentSchema = z.object({
  sourcedId: z.string().min(1).max(256),
  status,
  dateLastModified,
  role: z.string(),
  user: ref,
  class: ref,
});
export type OneRosterEnrollment = z.infer<typeof oneRosterEnrollmentSchema>;

/** A user's role at an org as its own record: the 1.2 CSV binding's roles.csv (REST gives them inside the user). */
export const oneRosterRoleSchema = z.object({
  sourcedId: z.string().min(1).max(256),
  status,
  dateLastModified,
  role: z.string(),
  user: ref,
  org: ref,
});
export type OneRosterRole = z.infer<typeof oneRosterRoleSchema>;

/** The body of a response, read up to the cap; a larger one is refused before it is all in memory. */
async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_ANSWER_BYTES) throw new OneRosterError("too_large", `an answer over ${MAX_ANSWER_BYTES} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new OneRosterError("too_large", `an answer over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createOneRosterClient(config: OneRosterConfig, options: { signal?: AbortSignal; timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const base = new URL(config.url.replace(/\/+$/, "") + "/");
  let token: { value: string; until: number } | null = null;

  /** One request, time-limited, never followed to another host, retried when it may pass next time. */
  async function request(url: URL, init: RequestInit): Promise<Response> {
    let last: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
      try {
        const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.any(signals) });
        if (response.status >= 300 && response.status < 400)
          throw new OneRosterError("redirected", `${url.pathname} redirected (${response.status})`);
        if (response.status >= 500 || response.status === 429) {
          last = new OneRosterError("unavailable", `${response.status} to ${url.pathname}`);
          await response.body?.cancel();
          continue;
        }
        return response;
      } catch (error) {
        if (error instanceof OneRosterError || options.signal?.aborted) throw error;
        last =
          (error as Error).name === "TimeoutError"
            ? new OneRosterError("timed_out", `no answer for ${url.pathname}`)
            : new OneRosterError("unavailable", `network error for ${url.pathname}`);
      }
    }
    throw last;
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await request(new URL(config.tokenUrl), {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new OneRosterError("token_refused", `the token endpoint answered ${response.status}`);
    }
    const parsed = z
      .object({ access_token: z.string().min(1), expires_in: z.number().optional() })
      .safeParse(JSON.parse(await readCapped(response)));
    if (!parsed.success) throw new OneRosterError("token_refused", "no access_token in the answer");
    token = { value: parsed.data.access_token, until: Date.now() + Math.max(60, (parsed.data.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }

  /** Every record of a collection, page by page, each checked; one bad record fails the whole read. */
  async function all<T>(path: string, key: string, schema: z.ZodType<T>, filter?: string): Promise<T[]> {
    const records: T[] = [];
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const url = new URL(path, base);
      url.searchParams.set("limit", String(PAGE_SIZE));
      url.searchParams.set("offset", String(offset));
      if (filter) url.searchParams.set("filter", filter);
      const response = await request(url, { headers: { authorization: `Bearer ${await accessToken()}`, accept: "application/json" } });
      if (!response.ok) {
        await response.body?.cancel();
        throw new OneRosterError("refused", `${response.status} to ${url.pathname}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(await readCapped(response));
      } catch (error) {
        throw error instanceof OneRosterError ? error : new OneRosterError("not_json", `${path} is not JSON`);
      }
      const page = z.object({ [key]: z.array(z.unknown()) }).safeParse(body);
      if (!page.success) throw new OneRosterError("bad_record", `${path} has no "${key}" list`);
      const items = page.data[key] as unknown[];
      if (items.length > PAGE_SIZE) throw new OneRosterError("too_many", `${items.length} ${path} in a page of ${PAGE_SIZE}`);
      items.forEach((item, i) => {
        const parsed = schema.safeParse(item);
        if (!parsed.success)
          throw new OneRosterError("bad_record", `record ${offset + i + 1} of ${path} is not a OneRoster ${key.replace(/s$/, "")}`);
        records.push(parsed.data);
      });
      if (records.length > MAX_RECORDS) throw new OneRosterError("too_many", `more than ${MAX_RECORDS} ${path}`);
      const total = Number(response.headers.get("x-total-count"));
      if (items.length < PAGE_SIZE || (Number.isFinite(total) && total > 0 && offset + items.length >= total)) return records;
    }
  }

  // A delta: the records changed since `since` (a dateLastModified the provider gave), deleted ones
  // included with status "tobedeleted". ">=": a record changed in the same instant is read again,
  // which writes nothing, rather than missed.
  const changedSince = (since?: string) => (since ? `dateLastModified>='${since}'` : undefined);
  return {
    users: (since?: string) => all("users", "users", oneRosterUserSchema, changedSince(since)),
    classes: (since?: string) => all("classes", "classes", oneRosterClassSchema, changedSince(since)),
    enrollments: (since?: string) => all("enrollments", "enrollments", oneRosterEnrollmentSchema, changedSince(since)),
  };
}
