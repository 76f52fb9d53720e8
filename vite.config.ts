import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      "@core": here("./core"),
      "@": here("./client"),
    },
  },
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived chunks for the libraries every screen uses: an app deploy does not bust them.
        // Other libraries go with the screens that import them (a visitor never loads the forms'
        // or the calendar's), split by the bundler where screens share them.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
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
