import { defineConfig } from "vitest/config";
import { alias } from "./vite.config.ts";

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "tests/lint/**/*.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          setupFiles: ["src/server/test/client-fixture.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: ["src/client/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // a page on a busy 2-core CI machine can take more than expect.poll's default second to
          // show what a test waits for (the admin login card failed once that way)
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
