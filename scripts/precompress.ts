import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Dot directories are never served: .vite/ holds the build manifest (scripts/bundle-budget.ts),
    // .prerender/ the landing page, which the server fills in and compresses per request.
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : filesUnder(full);
    return [full];
  });
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every built text asset,
 * once, at build time, so the server never compresses a static file per request
 * (@fastify/static `preCompressed` picks the copy the browser accepts).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "student-hub:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}
