import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { appRoot } from "./paths";

// The builds the server serves are settings like any other (config.ts), not read by paths.ts.
describe("CLIENT_DIST_DIR and SSR_DIST_DIR", () => {
  it("default to dist/client and dist/ssr in the project", () => {
    const config = loadConfig({});
    expect(config.clientDistDir).toBe(path.join(appRoot, "dist", "client"));
    expect(config.ssrDistDir).toBe(path.join(appRoot, "dist", "ssr"));
    expect(loadConfig({ CLIENT_DIST_DIR: "" }).clientDistDir).toBe(path.join(appRoot, "dist", "client"));
  });

  it("put the server-render build beside another client build, unless SSR_DIST_DIR names it", () => {
    expect(loadConfig({ CLIENT_DIST_DIR: "/tmp/x/client" }).ssrDistDir).toBe("/tmp/x/ssr");
    expect(loadConfig({ CLIENT_DIST_DIR: "/tmp/build" }).ssrDistDir).toBe("/tmp/build-ssr");
    expect(loadConfig({ CLIENT_DIST_DIR: "rel/client" }).clientDistDir).toBe(path.resolve("rel/client"));
    expect(loadConfig({ CLIENT_DIST_DIR: "/tmp/x/client", SSR_DIST_DIR: "/tmp/elsewhere" }).ssrDistDir).toBe("/tmp/elsewhere");
  });
});
