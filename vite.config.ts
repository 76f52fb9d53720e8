import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/precompress.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (client/sw/sw.ts, decision 088) is ours: push, the offline shell and the
    // kept reads. The plugin compiles it to /sw.js with the list of the build's files to precache;
    // the manifest is the server's, in the reader's language (server/web-manifest.ts, decision 119),
    // so neither the build nor the worker's precache holds one; and the page registers
    // the worker itself (client/lib/service-worker.ts, the landing page's script).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png}"],
        // The prerendered landing page is a visitor's, not the app shell; landing.js goes with it.
        globIgnores: ["**/landing*", "**/node_modules/**"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    prerenderLanding(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Zod in jitless mode, set before any schema is built (see the module).
      { find: /^zod$/, replacement: here("./client/lib/zod-config.ts") },
      { find: "@core", replacement: here("./core") },
      { find: "@", replacement: here("./client") },
    ],
  },
  build: {
    outDir: "../dist",
    // The offline edits load when the browser is idle after the first screen (decision 116): the
    // list of their chunks to preload would cost the dashboard's chunk, which a first screen
    // downloads; fetched idle, their chunks may come one after the other.
    modulePreload: {
      resolveDependencies: (file, deps) => (/(^|\/)offline-edits-[^/]*\.js$/.test(file) ? [] : deps),
    },
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries are split from the app's code, so an app deploy leaves them cached, and by the
        // screens that use them, so no screen downloads a library it does not run (docs/decisions/065):
        // React, which changes least, alone; TanStack Query, which every screen but the landing
        // page runs, alone too (decision 124: grouped by user, each new lazily loaded part that used
        // another set of its hooks cut it into more files, and the Home tab's first download grew by
        // their overhead); every other package in chunks grouped by the set of lazily loaded chunks
        // (screens, tabs, dialogs) that import it (`entriesAware`). Icons are left with the code
        // that draws them: split by user they would be dozens of tiny files.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/](?!lucide-react[\\/])/, entriesAware: true, priority: 1 },
          ],
        },
        // A vendor chunk's name lists the chunks that share it; the hash alone names it well enough.
        chunkFileNames: (chunk) => (chunk.name.startsWith("vendor") ? "assets/vendor-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/public": "http://localhost:3000",
    },
  },
});
