import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCommands } from "../control/commands";
import { appRoot } from "../paths";
import { ADMIN, createTestApp, type TestApp } from "../test/app";
import { OperatorResetError, operatorResetLink } from "./operator-reset";

/**
 * Issue 21's lock-out: the primary admin has no e-mail address, so 'Forgot password?' cannot
 * help; whoever has a shell on the server runs `npm run admin:reset-password -- USERNAME` and
 * gets a single-use link to choose a new password.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (password: string) => t.request({ method: "POST", url: "/api/admin/login", payload: { username: ADMIN.username, password } });
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("npm run admin:reset-password", () => {
  it("prints a single-use link (through the running site's control socket) that sets a new password", async () => {
    expect(await t.app.controlSocket.start(controlCommands)).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", path.join("scripts", "admin-reset-password.ts"), "ADMIN"], {
      cwd: appRoot,
      env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, PUBLIC_URL: "http://band.example", LOG_LEVEL: "silent" },
    });
    // the running site makes the link, with its own PUBLIC_URL
    const url = /\S+\/admin\/reset-password\?token=\S+/.exec(stdout)?.[0];
    expect(url?.startsWith(`${t.app.config.PUBLIC_URL}/admin/reset-password?token=`)).toBe(true);
    expect(stdout).toContain(`Reset link for ${ADMIN.username} (single use, valid for 60 minutes)`);

    const reset = await t.request({ method: "POST", url: "/api/admin/reset-password", payload: { token: tokenOf(url!), password: "new-porch-light-77" } });
    expect(reset.statusCode).toBe(200);
    expect((await login("new-porch-light-77")).statusCode).toBe(200);
    expect((await login(ADMIN.password)).statusCode).toBe(401);
    const again = await t.request({ method: "POST", url: "/api/admin/reset-password", payload: { token: tokenOf(url!), password: "another-one-88x" } });
    expect(again.statusCode).toBe(400);
  }, 30_000);

  it("says so for a user that does not exist", async () => {
    await expect(operatorResetLink(t.app.db, "http://band.example", "nobody")).rejects.toThrow(OperatorResetError);
    await expect(operatorResetLink(t.app.db, "http://band.example", "nobody")).rejects.toThrow('There is no user "nobody"');
  });
});
