// `npm start` runs this first: builds the client when dist/ is missing or older than its sources,
// so a fresh `npm ci && npm start` serves the app without a separate build step.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const built = path.resolve("dist", "index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["client", "core", "vite.config.ts", "package-lock.json"].filter((p) => fs.existsSync(p));
const sourceTime = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  console.log("Building the client (first start or changed sources)…");
  execFileSync(process.execPath, [path.resolve("node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
}
