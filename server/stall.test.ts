import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE as SERVICE_UNAVAILABLE_REF } from "./errors";
import { inEnglish } from "../core/test/in-english";
import { buildTestApp, describePostgresOnly, freshDatabase, newUserBody, TestClient, type TestApp } from "./test/harness";
import { type StallingRelay, startStallingRelay } from "./test/stalling-relay";
import { refusal } from "./test/refusal";

const SERVICE_UNAVAILABLE = inEnglish(SERVICE_UNAVAILABLE_REF);

// Decision 050: a database that stops answering without closing anything (a hung proxy, a
// frozen VM) must not hold requests until the browser gives up (30 s): every request, the health
// check included, finishes or fails with 503 within REQUEST_TIMEOUT_MS, and a write whose request
// timed out does not commit later.
describePostgresOnly("a database that stalls behind a relay", () => {
  let relay: StallingRelay | undefined;
  let test: TestApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  let direct: pg.Client | undefined;

  afterEach(async () => {
    relay?.resume();
    await test?.close();
    await relay?.close();
    await direct?.end();
    await drop?.();
    relay = test = drop = direct = undefined;
  });

  async function appBehindRelay(env: Record<string, string>) {
    const fresh = await freshDatabase("postgres");
    drop = fresh.drop;
    const url = new URL((fresh.config as { url: string }).url);
    direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    relay = await startStallingRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(relay.port);
    test = await buildTestApp("postgres", { database: { kind: "postgres", url: url.toString() }, env });
    return { app: test.app, relay };
  }

  async function timed(run: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>) {
    const started = performance.now();
    const res = await run();
    return { status: res.statusCode, retryAfter: res.headers["retry-after"], body: JSON.parse(res.body), ms: performance.now() - started };
  }

  it("answers every request, health included, with 503 within the request time-out, and recovers after the stall", async () => {
    const REQUEST_TIMEOUT_MS = 1500;
    const { app, relay } = await appBehindRelay({
      DATABASE_CONNECT_TIMEOUT_MS: "500",
      DATABASE_STATEMENT_TIMEOUT_MS: "500",
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    const client = new TestClient(app);
    await client.register();
    expect((await client.request("GET", "/api/tasks")).statusCode).toBe(200);

    relay.stall();
    const stalledAt = performance.now();
    const [user, tasks, ...answers] = await Promise.all([
      timed(() => client.request("GET", "/api/user")),
      timed(() => client.request("GET", "/api/tasks")),
      timed(() => app.inject({ url: "/api/health" })),
      timed(() => client.request("POST", "/api/tasks", { title: "Written during the stall" })),
      timed(() => client.request("GET", "/api/settings/public")),
    ]);
    // The signed-in user and their unchanged list need no database while the session is kept in
    // memory (decision 093)...
    expect([user!.status, tasks!.status]).toEqual([200, 200]);
    // ...but only while the change listener, stalled too, has answered its heartbeat lately: then
    // the session is read from the database like everything else, and that read stalls.
    const askedAt = { user: stalledAt, tasks: stalledAt };
    for (const [path, first] of [
      ["user", user!],
      ["tasks", tasks!],
    ] as const) {
      let answer = first;
      while (answer.status === 200) {
        expect(performance.now() - stalledAt).toBeLessThan(6000);
        await new Promise((r) => setTimeout(r, 100));
        askedAt[path] = performance.now();
        answer = await timed(() => client.request("GET", `/api/${path}`));
      }
      answers.push(answer);
    }
    const memoryFor = askedAt.user - stalledAt;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(Object.keys(answer.body)).toEqual(["message", "code"]);
      // Within the bound (plus a margin for a loaded machine), never the stall's length.
      expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
    }
    expect(answers[0]!.body.message).toBe("Service unavailable"); // health
    expect(answers.slice(1).map((a) => a.body.message)).toEqual(Array(4).fill(SERVICE_UNAVAILABLE));

    relay.resume();
    const backAt = performance.now();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      const [health, tasks] = await Promise.all([app.inject({ url: "/api/health" }), client.request("GET", "/api/tasks")]);
      const me = await client.request("GET", "/api/user");
      recovered = health.statusCode === 200 && tasks.statusCode === 200 && me.statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(true);
    console.log(
      `stall: 503 answers in ${answers.map((a) => a.ms.toFixed(0)).join(", ")} ms (health, create, settings, user, tasks; bound ${REQUEST_TIMEOUT_MS} ms); ` +
        `the user answered from memory until about ${(memoryFor / 1000).toFixed(1)} s into the stall; ` +
        `recovered ${(performance.now() - backAt).toFixed(0)} ms after the relay resumed`,
    );
  });

  it("rolls back, and never commits later, a write whose request timed out", async () => {
    const REQUEST_TIMEOUT_MS = 1000;
    // Statements may take longer than the request: the stall ends, the held statement completes,
    // and only then would the transaction commit, after the client was told 503.
    const { app, relay } = await appBehindRelay({ DATABASE_STATEMENT_TIMEOUT_MS: "5000", REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    const body = newUserBody();

    // Registration inserts the account and its session in one transaction: stall at the second insert.
    relay.stallOn('insert into "sessions"');
    const answer = await timed(() => app.inject({ method: "POST", url: "/api/register", payload: body }));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual(refusal(SERVICE_UNAVAILABLE_REF));
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);

    // The stall ends well within the statement time-out: the held insert now runs.
    relay.resume();
    await new Promise((r) => setTimeout(r, 1000));
    const { rows } = await direct!.query("select count(*)::int as n from users where email = $1", [body.email]);
    expect(rows[0].n).toBe(0);
    // Nothing left open either: the transaction ended (rolled back), it is not idling in the server.
    const open = await direct!.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    expect(open.rows[0].n).toBe(0);
    // And the same registration works once the database answers.
    expect((await app.inject({ method: "POST", url: "/api/register", payload: body })).statusCode).toBe(201);
  });
});
