import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts (whose root is client/): tests span core, client and server.
export default defineConfig({
  resolve: {
    alias: {
      "@core": path.resolve("core"),
      "@": path.resolve("client"),
    },
  },
  test: {
    include: ["core/**/*.test.ts", "client/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // API suites each own a database; two at a time suits a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
