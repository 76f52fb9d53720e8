// The baselines: bare Fastify routes with no app code, so the app's figures read as ratios against
// what this machine does without it. `/bare` answers {}; `/bare-tasks` and `/bare-events` answer the
// same JSON bodies as the app's lists (read once from BARE_TASKS_FILE / BARE_EVENTS_FILE) from
// memory, with an ETag and a 304 for a matching If-None-Match: the twins of the app's list reads.
import fs from "node:fs";
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({}));

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

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
