import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts (whose root is client/): tests span core, client and server.
// Three of the four test layers (docs/decisions/120) run here as Vitest projects; the fourth,
// the browser suite, is Playwright's (e2e/).
const alias = { "@core": path.resolve("core"), "@": path.resolve("client") };

export default defineConfig({
  resolve: { alias },
  test: {
    // API suites each own a database; two at a time suits a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "client/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "component",
          // Screens, forms, dialogs and hooks in a DOM, the network stubbed at fetch (client/test/render.tsx).
          include: ["client/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["client/test/setup.ts"],
          // A failed query prints this much of the page, not all of it.
          env: { DEBUG_PRINT_LIMIT: "3000" },
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["server/**/*.test.ts"],
          // One database per engine migrated once per run; each test's is a copy of it (server/test/harness.ts).
          globalSetup: ["server/test/template-databases.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
