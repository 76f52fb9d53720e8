// node scripts/build-server.mjs [--outdir DIR]: compiles the server's entry points (the app and the
// command-line tools) with the packages they use into a few JavaScript files in dist-server/, so
// `npm start` runs one `node` process with no TypeScript loader and few files to load
// (docs/decisions/103). `npm ci` (prepare) and `npm run build` run it.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

/** What `npm start`, `npm run admin` and `npm run backup` run, by output name (dist-server/NAME.js). */
const ENTRY_POINTS = {
  main: "server/main.ts",
  "cli/admin": "server/cli/admin.ts",
  "cli/backup": "server/cli/backup.ts",
  "cli/digests": "server/cli/digests.ts",
};

/**
 * Packages loaded from node_modules at run time instead of bundled: each one finds files beside
 * its own code, which a bundle would move away from them.
 */
const LOADED_FROM_NODE_MODULES = [
  "better-sqlite3", // a native addon: its .node file is found from its own folder
  "@node-rs/argon2", // a native addon, in one optional package per platform
  "pg-native", // pg's optional native client (not installed; pg asks for it only when told to)
  "pino", // starts its transports' worker files from its own folder
  "@touch4it/ical-timezones", // reads its time-zone files from its own folder
];

/** How a package refers to its own location; bundled, it would see the bundle's instead. */
const FINDS_FILES_BESIDE_ITSELF = /\b__dirname\b|\b__filename\b|\brequire\.resolve\b|\bimport\.meta\.url\b/;

const { values } = parseArgs({ options: { outdir: { type: "string", default: "dist-server" } } });
const outdir = path.resolve(values.outdir);

const result = await build({
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  external: LOADED_FROM_NODE_MODULES,
  platform: "node",
  format: "esm",
  target: "node22",
  // Code shared by the entry points is in chunks: the tools load only what they use.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  // The bundled CommonJS packages call require() for Node's own modules and each other's JSON.
  banner: {
    js:
      "// Built from server/ by scripts/build-server.mjs: edit the TypeScript, not this file.\n" +
      'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
  },
  // Not minified, so a stack trace names the functions; the map leads back to the .ts line
  // (node --enable-source-maps).
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  // Written below, once the checks pass: a refused build leaves the last good one in place.
  write: false,
});

// A require() esbuild could not follow would fail only when that code runs: refuse it now.
if (result.warnings.length > 0) {
  throw new Error(
    `The server build has ${result.warnings.length} warning(s), printed above: fix them, or load the package from node_modules.`,
  );
}
// A new package that finds files beside its own code would break only where it does so: refuse it now.
const suspects = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (inPackage && FINDS_FILES_BESIDE_ITSELF.test(fs.readFileSync(input, "utf8"))) suspects.add(inPackage[1]);
}
if (suspects.size > 0) {
  throw new Error(
    `These packages refer to their own location, which bundling changes: ${[...suspects].join(", ")}. ` +
      "Add each to LOADED_FROM_NODE_MODULES in scripts/build-server.mjs.",
  );
}

// A file left from an earlier build (a renamed chunk) would never be run, but would be misleading.
fs.rmSync(outdir, { recursive: true, force: true });
for (const file of result.outputFiles) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  fs.writeFileSync(file.path, file.contents);
}
