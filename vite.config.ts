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
        // Long-lived vendor chunks: an app deploy does not bust the cached libraries.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "ui", test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|lucide-react|sonner)[\\/]/ },
            { name: "vendor", test: /node_modules[\\/](?!canvas-confetti[\\/])/ },
          ],
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
