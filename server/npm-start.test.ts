import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import { createDb } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { createUsersRepository } from "./repositories/users";
import { newUserBody } from "./test/harness";
import { freePort } from "./test/processes";

// `npm start` as a supervisor runs it (docs/decisions/103): the compiled server, one node process
// that npm execs, stopped by SIGTERM to the pid the supervisor knows (npm's) or to the server's own.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

let directory: string;
beforeAll(() => {
  // What `npm ci` and `npm run build` do: npm start runs dist-server/, so it must be this checkout's.
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stderr}`);
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-npm-start-"));
}, 60_000);
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Every process below `pid` (Linux /proc), children first. */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The field after the command name (which may hold spaces) is the state, then the parent pid.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* ended meanwhile */
    }
  }
  const below = (parent: number): number[] =>
    [...parentOf].filter(([, ppid]) => ppid === parent).flatMap(([child]) => [child, ...below(child)]);
  return below(pid);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A raw HTTP/1.1 connection: what the server wrote, and whether it closed the connection. */
async function connection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const state = { received: "", closed: false };
  socket.on("data", (data) => (state.received += data));
  socket.on("close", () => (state.closed = true));
  return { socket, state };
}

/** True once a new connection to `port` is refused, within 3 s. */
async function refusesConnections(port: number): Promise<boolean> {
  for (const end = Date.now() + 3_000; Date.now() < end; await sleep(20)) {
    try {
      (await connection(port)).socket.destroy();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") return true;
      throw error;
    }
  }
  return false;
}

async function startWithNpm(databaseFile: string) {
  const port = await freePort();
  const npm: ChildProcess = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${databaseFile}`,
      CLIENT_DIR: "/nonexistent",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout!.on("data", (d) => (output += d));
  npm.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  await until("the server is ready", () => output.includes("Student Hub is ready") || npm.exitCode !== null);
  const readyLine = output.split("\n").find((line) => line.includes("Student Hub is ready"));
  if (!readyLine) throw new Error(`npm start ended at start-up:\n${output}`);
  // The ready line names the server's pid (pino puts it on every line).
  const serverPid = JSON.parse(readyLine).pid as number;
  return { npm, serverPid, port, exited, output: () => output };
}

it.each(["npm", "server"] as const)(
  "SIGTERM to the %s pid finishes the request in flight, refuses new connections, closes kept-alive ones and leaves no process",
  async (target) => {
    const databaseFile = path.join(directory, `sigterm-${target}.db`);
    const started = await startWithNpm(databaseFile);
    const processes = descendantsOf(started.npm.pid!);
    // A failing run leaves nothing behind either.
    onTestFinished(() => [started.npm.pid!, ...processes].filter(running).forEach((pid) => process.kill(pid, "SIGKILL")));
    expect(processes).toContain(started.serverPid);

    // A browser's kept-alive connection, idle after its answer.
    const idle = await connection(started.port);
    idle.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await until("the health answer", () => idle.state.received.includes("\r\n\r\n"));
    expect(idle.state.received).toMatch(/^HTTP\/1\.1 200 /);

    // A registration in flight: its headers are in (the server's "100 Continue" says so), its body
    // arrives only after the signal.
    const user = newUserBody();
    const body = JSON.stringify(user);
    const inFlight = await connection(started.port);
    inFlight.socket.write(
      `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${started.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
    );
    await until("the server has the request", () => inFlight.state.received.includes("100 Continue"));

    process.kill(target === "npm" ? started.npm.pid! : started.serverPid, "SIGTERM");
    await until("the server begins to stop", () => started.output().includes("shutting down"));

    // The port stops taking connections (at once, though the log line may come first) while the
    // request is still in flight.
    expect(await refusesConnections(started.port)).toBe(true);
    await until("the idle connection is closed", () => idle.state.closed, 5_000);

    inFlight.socket.write(body);
    await until("the answer is in and its connection closed", () => inFlight.state.closed, 9_000);
    const answer = inFlight.state.received.slice(inFlight.state.received.indexOf("\r\n\r\n") + 4);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);

    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
    await until("no process is left", () => ![started.npm.pid!, ...processes].some(running), 5_000);

    // The registration that was in flight was saved.
    const saved = new SQLite(databaseFile, { readonly: true });
    expect(saved.prepare("select count(*) from users where email = ?").pluck().get(user.email)).toBe(1);
    saved.close();
  },
  60_000,
);

it("npm run admin and npm run backup run the compiled tools", async () => {
  const databaseFile = path.join(directory, "tools.db");
  const db = createDb({ kind: "sqlite", file: databaseFile });
  await migrateToLatest(db);
  await createUsersRepository(db).create({
    email: "teacher@school.example",
    passwordHash: "x",
    firstName: "T",
    lastName: "S",
    isAdmin: false,
  });
  await db.destroy();
  const env = { ...process.env, DATABASE_URL: `sqlite:${databaseFile}` };
  const run = promisify(execFile);

  const promoted = await run("npm", ["run", "--silent", "admin", "--", "promote", "teacher@school.example"], { env });
  expect(promoted.stdout).toContain("teacher@school.example is now an admin.");

  const copy = path.join(directory, "tools-copy.db");
  const backedUp = await run("npm", ["run", "--silent", "backup", "--", copy], { env });
  expect(backedUp.stdout).toContain("integrity check ok");
  const copied = new SQLite(copy, { readonly: true });
  expect(copied.prepare("select is_admin from users where email = ?").pluck().get("teacher@school.example")).toBe(1);
  copied.close();
}, 60_000);
