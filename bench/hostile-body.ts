// npm run bench:hostile-body: what a hostile request body costs everyone else on the instance (issue
// 49). A signed-in student posts a 10 MB import nested 5,000,000 arrays deep (under the import's
// 12 MB limit) while another client asks GET /api/health every 5 ms; the figure is how late those
// answers come, against the same health requests with nothing else running (the baseline, measured in
// the same run). Beside it: a 10 MB import that is merely large (200,000 shallow tasks, refused by
// the import's checks after parsing), and, in this process, what parsing the deep body would cost
// (JSON.parse) against the depth gauge that now refuses it as it arrives (server/plugins/input-guard.ts).
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { MAX_NESTING_DEPTH, NestingDepthGauge } from "../server/plugins/input-guard";
import { buildTestApp, TestClient } from "../server/test/harness";
import { median } from "./server-figures";

const DEPTH = 5_000_000;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/**
 * The clients run in a worker thread, so the figures are the server's own delay, not the cost of
 * writing 10 MB from the same event loop. For two seconds the worker posts `body` (if any) to the
 * import, one post after another, and asks GET /api/health every 5 ms; it answers the health
 * latencies and the posts' statuses.
 */
const CLIENTS = `
const http = require("node:http");
const { workerData, parentPort } = require("node:worker_threads");
const { port, headers } = workerData;
const body = workerData.body ? Buffer.from(workerData.body) : null;
function request(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    // A refused upload is answered, and its connection closed, before the client has written it all:
    // the client may see the closed connection (EPIPE) before the answer.
    req.on("error", (error) => (answered ? undefined : error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve(error.code) : reject(error)));
    req.end(body);
  });
}
(async () => {
  // For two seconds: the body posted again and again, one after another, and health asked every 5 ms.
  let done = false;
  const statuses = new Set();
  const timer = new Promise((r) => setTimeout(r, 2000)).then(() => { done = true; });
  const posting = (async () => {
    while (body && !done) {
      statuses.add(await request("POST", "/api/user/import", { ...headers, "content-length": String(body.length) }, body));
    }
  })();
  const latencies = [];
  while (!done) {
    const began = performance.now();
    await request("GET", "/api/health", {});
    latencies.push(performance.now() - began);
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all([timer, posting]);
  parentPort.postMessage({ latencies, status: [...statuses].join(",") || undefined });
})();
`;

function clients(port: number, headers: Record<string, string>, body?: string): Promise<{ latencies: number[]; status?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, { eval: true, workerData: { port, headers, body } });
    worker.once("message", (answer: { latencies: number[]; status?: string }) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

const t = await buildTestApp("sqlite");
await t.app.listen({ host: "127.0.0.1", port: 0 });
const { port } = t.app.server.address() as AddressInfo;
const student = new TestClient(t.app);
await student.register();
const headers = {
  "content-type": "application/json",
  cookie: student.cookie!,
  "x-csrf-token": student.csrfToken!,
};

const deep = `{"version":1,"tasks":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`;
const task = JSON.stringify({ title: "Read chapter", subject: "Biology", dueDate: "2099-01-01" });
const wide = `{"version":1,"tasks":[${Array.from({ length: Math.floor((10 * 1024 * 1024) / (task.length + 1)) }, () => task).join(",")}]}`;

const rows: Array<[string, number[], string | undefined]> = [];
const idle = await clients(port, headers);
rows.push(["health alone (baseline)", idle.latencies, undefined]);
for (const [name, body] of [
  ["health while 10 MB bodies 5,000,000 deep are refused", deep],
  ["health while 10 MB bodies of 200,000 tasks are refused", wide],
] as const) {
  const answer = await clients(port, headers, body);
  rows.push([name, answer.latencies, answer.status]);
}

const baseline = median(rows[0]![1]);
console.log(
  `Hostile bodies on one instance (SQLite), ${(deep.length / 1024 / 1024).toFixed(1)} MB deep, ${(wide.length / 1024 / 1024).toFixed(1)} MB wide`,
);
console.log("| case | answers | health requests | median ms | max ms | max ÷ baseline median |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [name, latencies, status] of rows) {
  console.log(
    `| ${name} | ${status ?? "—"} | ${latencies.length} | ${ms(median(latencies))} | ${ms(Math.max(...latencies))} | ${(Math.max(...latencies) / baseline).toFixed(1)}× |`,
  );
}

const gauged = (text: string) => {
  const bytes = Buffer.from(text);
  const began = performance.now();
  const gauge = new NestingDepthGauge(MAX_NESTING_DEPTH);
  let tooDeep = false;
  for (let at = 0; at < bytes.length && !tooDeep; at += 64 * 1024) tooDeep = gauge.read(bytes.subarray(at, at + 64 * 1024));
  return { tooDeep, took: performance.now() - began };
};
const deepGauge = gauged(deep);
const wideGauge = gauged(wide);
const began = performance.now();
JSON.parse(deep);
const parseMs = performance.now() - began;
console.log(
  `\nIn this process: the depth gauge refuses the deep body in ${ms(deepGauge.took)} ms (too deep: ${deepGauge.tooDeep}) and reads all of the wide one in ${ms(wideGauge.took)} ms (too deep: ${wideGauge.tooDeep}); JSON.parse of the deep body takes ${ms(parseMs)} ms`,
);
await t.close();
