import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** No "@server" alias: the client build cannot name the server tree (ESLint forbids it too). */
export const alias = {
  "@shared": r("./src/shared"),
  "@client": r("./src/client"),
};

export default defineConfig({
  root: r("./src/client"),
  publicDir: r("./public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      ...alias,
      // wouter's shim for React < 18: React 19 has useSyncExternalStore itself (~0.7 KB gzip less on every page)
      "use-sync-external-store/shim/index.js": r("./src/client/lib/use-sync-external-store.ts"),
    },
  },
  build: {
    outDir: process.env.CLIENT_DIST_DIR ?? r("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    // every browser the site supports has <link rel="modulepreload">
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // main.tsx and everything it imports statically in one chunk, which boot.ts loads after the
        // first paint (decision 017). Left alone, the code main shares with the lazy chunks was
        // split into a dozen small files (~6 KB gzip more for the home page); boot's own helper
        // stays with boot, so boot does not import main before it means to; so does what boot.ts
        // itself imports that main uses too (the stats beacon's path): in main's group, boot
        // imported main at once and the page's load event waited for the whole app.
        codeSplitting: {
          groups: [
            { name: "boot", test: /vite[\\/]preload-helper|src[\\/]client[\\/]lib[\\/]beacon\.ts$|src[\\/]shared[\\/]api[\\/]stats\.ts$/, priority: 1 },
            { name: "main", test: /src[\\/]client[\\/]main\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3001",
      "/uploads": "http://127.0.0.1:3001",
      "/healthz": "http://127.0.0.1:3001",
    },
  },
});
