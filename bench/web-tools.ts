// Lighthouse and its browser driver are this benchmark's alone (issue 50): `npm ci` no longer
// installs them for everyone (about 60 MB and a few hundred packages the app and its tests never
// load). The first `npm run bench:web` installs the pinned versions from the npm registry into a
// folder of their own, node_modules/.cache/bench-web-tools/, and later runs reuse it; `npm ci`
// empties node_modules, and with it this folder.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The versions bench:web was written against (Lighthouse 13's result shape below). */
export const BENCH_WEB_TOOLS = { lighthouse: "13.5.0", "chrome-launcher": "1.2.1" } as const;
const TOOLS_DIR = path.resolve("node_modules", ".cache", "bench-web-tools");

/** What bench:web reads of a Lighthouse result (Lighthouse's `LH.Result`, the part used here). */
export interface LighthouseResult {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: Array<{ id: string; weight: number; group?: string }> } | undefined
  >;
  audits: Record<
    string,
    | { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string; details?: unknown }
    | undefined
  >;
}

/** The run's settings bench:web passes (Lighthouse's `LH.Flags`, the part used here). */
export interface LighthouseFlags {
  port: number;
  logLevel: "error";
  output: "json";
  onlyCategories: string[];
  extraHeaders: Record<string, string> | null;
}

export interface LaunchedChrome {
  port: number;
  kill(): void;
}

export interface BenchWebTools {
  lighthouse: (url: string, flags: LighthouseFlags) => Promise<{ lhr: LighthouseResult } | undefined>;
  launchChrome: (options: { chromePath: string; chromeFlags: string[]; logLevel: "error" }) => Promise<LaunchedChrome>;
}

type ToolName = keyof typeof BENCH_WEB_TOOLS;
const packageDir = (name: ToolName) => path.join(TOOLS_DIR, "node_modules", name);

function installedVersion(name: ToolName): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return null;
  }
}

/** The module a package's `main` names, as an import()'s URL (both are ES modules without `exports`). */
function entryOf(name: ToolName): string {
  const { main } = JSON.parse(fs.readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { main: string };
  return pathToFileURL(path.join(packageDir(name), main)).href;
}

/** Lighthouse and chrome-launcher, installed on first use. */
export async function benchWebTools(): Promise<BenchWebTools> {
  const names = Object.keys(BENCH_WEB_TOOLS) as ToolName[];
  const missing = names.filter((name) => installedVersion(name) !== BENCH_WEB_TOOLS[name]);
  if (missing.length > 0) {
    const specs = names.map((name) => `${name}@${BENCH_WEB_TOOLS[name]}`);
    console.log(`Installing ${specs.join(" and ")} for bench:web (once) into ${path.relative(process.cwd(), TOOLS_DIR)}…`);
    fs.mkdirSync(TOOLS_DIR, { recursive: true });
    if (!fs.existsSync(path.join(TOOLS_DIR, "package.json")))
      fs.writeFileSync(path.join(TOOLS_DIR, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const installed = spawnSync(npm, ["install", "--prefix", TOOLS_DIR, "--no-audit", "--no-fund", "--save-exact", ...specs], {
      stdio: "inherit",
    });
    if (installed.status !== 0) throw new Error(`could not install ${specs.join(" and ")} from the npm registry`);
  }
  const lighthouse = ((await import(entryOf("lighthouse"))) as { default: BenchWebTools["lighthouse"] }).default;
  const { launch } = (await import(entryOf("chrome-launcher"))) as { launch: BenchWebTools["launchChrome"] };
  return { lighthouse, launchChrome: launch };
}
