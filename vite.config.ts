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
  resolve: { alias },
  build: {
    outDir: process.env.CLIENT_DIST_DIR ?? r("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3001",
      "/uploads": "http://127.0.0.1:3001",
      "/healthz": "http://127.0.0.1:3001",
    },
  },
});
