// The baselines: bare Fastify routes with no app code, so the app's figures read as ratios against
// what this machine does without it. `/bare` answers {}; `/bare-tasks` and `/bare-events` answer the
// same JSON bodies as the app's lists (read once from BARE_TASKS_FILE / BARE_EVENTS_FILE) from
// memory, with an ETag and a 304 for a matching If-None-Match: the twins of the app's list reads.
// `/bare-spin` answers {} after a fixed amount of CPU work (calibration).
// `/bare-select1` answers {} after one `select 1` on BARE_DATABASE_URL (a pool of the app's size on
// PostgreSQL, the one connection on SQLite): the floor of any request that asks the database anything.
import fs from "node:fs";
import SQLite from "better-sqlite3";
import Fastify from "fastify";
import pg from "pg";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({}));
// The calibration row: {} after BARE_SPIN_US microseconds of CPU work, so a reader can see what
// ratio to `/bare` a known amount of work per request costs on this machine in this run (a server
// that becomes the bottleneck also pays more per request to wake its client).
const spinMicroseconds = Number(process.env.BARE_SPIN_US ?? 20);
app.get("/bare-spin", async () => {
  const end = performance.now() + spinMicroseconds / 1000;
  while (performance.now() < end);
  return {};
});

function bodyRoute(path: string, file: string | undefined) {
  if (!file) return;
  const body = fs.readFileSync(file, "utf8");
  const etag = `"${path.slice(1)}-1"`;
  app.get(path, async (request, reply) => {
    reply.header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(body);
  });
}
bodyRoute("/bare-tasks", process.env.BARE_TASKS_FILE);
bodyRoute("/bare-events", process.env.BARE_EVENTS_FILE);

const databaseUrl = process.env.BARE_DATABASE_URL;
if (databaseUrl?.startsWith("postgres")) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.get("/bare-select1", async () => {
    await pool.query("select 1");
    return {};
  });
} else if (databaseUrl?.startsWith("sqlite:")) {
  const selectOne = new SQLite(databaseUrl.slice("sqlite:".length)).prepare("select 1");
  app.get("/bare-select1", async () => {
    selectOne.get();
    return {};
  });
}

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
