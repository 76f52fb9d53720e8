import http from "node:http";
import type { AddressInfo } from "node:net";

/** A OneRoster record as the fake provider serves it (anything: a hostile test sends wrong types). */
type Row = Record<string, unknown>;

export interface FakeOneRoster {
  /** ONEROSTER_URL and ONEROSTER_TOKEN_URL for the app. */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  users: Row[];
  classes: Row[];
  enrollments: Row[];
  /** How the next answers misbehave: a record of the wrong shape, a page far too large, a redirect off the host, or silence. */
  mode: "ok" | "hostile" | "huge" | "redirect" | "slow";
  /** Requests served, by path (paging and tokens are counted). */
  requests: string[];
  close(): Promise<void>;
}

const BASE = "/ims/oneroster/rostering/v1p2";

/**
 * A OneRoster 1.2 rostering provider the tests run themselves (issue 55): OAuth 2.0 client
 * credentials at /token, `users`, `classes` and `enrollments` paged by `limit` and `offset` with
 * `X-Total-Count`, deltas by `filter=dateLastModified>='…'`, a bearer token checked on each; and,
 * on demand, the misbehaviours a sync must survive without changing anything.
 */
export async function startFakeOneRoster(): Promise<FakeOneRoster> {
  const fake = {
    clientId: "hub-client",
    clientSecret: "s3cret-value",
    users: [] as Row[],
    classes: [] as Row[],
    enrollments: [] as Row[],
    mode: "ok" as FakeOneRoster["mode"],
    requests: [] as string[],
  };
  const token = "fake-access-token";
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    fake.requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/token" && request.method === "POST") {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected) return send(401, { error: "invalid_client" });
      return send(200, { access_token: token, token_type: "bearer", expires_in: 3600 });
    }
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: "unauthorized" });
    const collection = url.pathname.slice(BASE.length + 1) as "users" | "classes" | "enrollments";
    if (!url.pathname.startsWith(`${BASE}/`) || !["users", "classes", "enrollments"].includes(collection)) return send(404, {});
    if (fake.mode === "slow") return; // never answers
    if (fake.mode === "redirect") {
      response.writeHead(302, { location: "http://elsewhere.example/users" });
      return response.end();
    }
    if (fake.mode === "huge" && collection === "users") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(`{"users":[${`"${"x".repeat(1024)}",`.repeat(9 * 1024)}"x"]}`);
    }
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    let rows = fake[collection];
    // A delta: what changed since the time the filter names (the one filter a sync sends).
    const filter = url.searchParams.get("filter");
    if (filter) {
      const since = /^dateLastModified>='([^']+)'$/.exec(filter)?.[1];
      if (!since) return send(400, { imsx_codeMajor: "failure", imsx_description: "unsupported filter" });
      rows = rows.filter((row) => Date.parse(String(row.dateLastModified)) >= Date.parse(since));
    }
    if (fake.mode === "hostile" && collection === "users") rows = [...rows, { sourcedId: "bad", status: "active", givenName: 42 }];
    send(200, { [collection]: rows.slice(offset, offset + limit) }, { "x-total-count": String(rows.length) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}${BASE}`,
    tokenUrl: `http://127.0.0.1:${port}/token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A OneRoster 1.2 user. */
export function user(
  sourcedId: string,
  fields: { role?: string; orgs?: string[]; email?: string; status?: string; givenName?: string; familyName?: string } = {},
) {
  const orgs = fields.orgs ?? ["school-a"];
  return {
    sourcedId,
    status: fields.status ?? "active",
    dateLastModified: "2026-11-01T00:00:00.000Z",
    givenName: fields.givenName ?? sourcedId,
    familyName: fields.familyName ?? "Student",
    email: fields.email ?? `${sourcedId}@lincoln.example`,
    roles: orgs.map((org) => ({ roleType: "primary", role: fields.role ?? "student", org: { sourcedId: org, type: "org" } })),
  };
}

export function classRow(sourcedId: string, title: string, periods: string[] = []) {
  return { sourcedId, status: "active", dateLastModified: "2026-11-01T00:00:00.000Z", title, periods, school: { sourcedId: "school-a" } };
}

export function enrollment(userId: string, classId: string, role = "student", status = "active") {
  return {
    sourcedId: `${userId}-${classId}`,
    status,
    dateLastModified: "2026-11-01T00:00:00.000Z",
    role,
    user: { sourcedId: userId },
    class: { sourcedId: classId },
  };
}

let lastTouched = Date.parse("2026-11-02T00:00:00.000Z");
/** A record as the provider changes it: its fields replaced and dateLastModified moved on (a delta lists it). */
export function changed<Row extends Record<string, unknown>>(row: Row, fields: Partial<Row> = {}): Row {
  lastTouched += 60_000;
  return { ...row, ...fields, dateLastModified: new Date(lastTouched).toISOString() };
}
