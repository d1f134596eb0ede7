import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { loadConfig, testConfig, type Env } from "../config";
import { openPostgres, type Database } from "../db/client";
import { ensurePrimaryAdmin } from "../db/bootstrap";
import { backupRuns } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { PG_URL, postgresDatabase, tempDataDir } from "../test/backup-fixture";
import { controlCommands } from "../control/commands";
import { controlSocketPath, sendControlCommand } from "../control/control-socket";
import { readArchive } from "./read";
import { backupFileName, startScheduledBackups, takeScheduledBackup } from "./schedule";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function testApp(overrides: Partial<Env> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  cleanups.push(() => t.close());
  return t;
}
const backupFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".tar.gz")).sort() : []);
const status = async (t: TestApp) => (await t.request({ method: "GET", url: "/api/admin/backup-status", headers: await t.adminHeaders() })).json();

describe("scheduled backups", () => {
  it("takes a run once, keeps BACKUP_KEEP archives and shows the last one on the dashboard", async () => {
    const t = await testApp({ BACKUP_SCHEDULE: "0 3 * * *", BACKUP_KEEP: 2 });
    expect(await status(t)).toEqual({ success: true, data: { schedule: "0 3 * * *", last: null } });
    const times = ["2026-11-24T03:00:00Z", "2026-11-25T03:00:00Z", "2026-11-26T03:00:00Z"].map((s) => new Date(s));
    for (const at of times) expect((await takeScheduledBackup(t.app, at)).taken).toBe(true);
    // the same occurrence again (another instance, or a late timer): not taken twice
    expect(await takeScheduledBackup(t.app, times[2])).toEqual({ taken: false });
    const dir = t.app.config.backupDir;
    expect(dir).toBe(path.join(t.dataDir, "backups"));
    expect(backupFiles(dir)).toEqual(times.slice(1).map(backupFileName));
    await readArchive(path.join(dir, backupFileName(times[2])));
    const { data } = await status(t);
    expect(data.last).toMatchObject({ kind: "scheduled", file: backupFileName(times[2]), error: null });
    expect(data.last.size).toBe(fs.statSync(path.join(dir, backupFileName(times[2]))).size);
    expect((await t.request({ method: "GET", url: "/api/admin/backup-status" })).statusCode).toBe(401);
  });

  it("records a failure (the dashboard shows the error)", async () => {
    const blocker = path.join(tempDataDir(), "a-file");
    fs.writeFileSync(blocker, "x");
    const t = await testApp({ BACKUP_SCHEDULE: "0 3 * * *", BACKUP_DIR: path.join(blocker, "backups") });
    const outcome = await takeScheduledBackup(t.app, new Date("2026-11-26T03:00:00Z"));
    expect(outcome).toMatchObject({ taken: true, error: expect.stringMatching(/ENOTDIR|EEXIST/) });
    expect((await status(t)).data.last).toMatchObject({ kind: "scheduled", file: null, size: null, error: expect.stringMatching(/ENOTDIR|EEXIST/) });
  });

  it("runs on its cron timer", async () => {
    const t = await testApp({ BACKUP_SCHEDULE: "* * * * * *" });
    const stop = startScheduledBackups(t.app);
    cleanups.push(stop);
    await vi.waitFor(async () => expect((await t.database.db.select().from(backupRuns)).some((r) => r.finishedAt && r.file)).toBe(true), { timeout: 10_000, interval: 100 });
    await stop();
    expect(backupFiles(t.app.config.backupDir).length).toBeGreaterThan(0);
  });

  it("refuses a bad BACKUP_SCHEDULE at start, like the other settings", () => {
    expect(() => loadConfig({ BACKUP_SCHEDULE: "every night" })).toThrow(/BACKUP_SCHEDULE: expected a cron expression/);
    expect(() => loadConfig({ BACKUP_SCHEDULE: "0 25 * * *" })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
    expect(loadConfig({ BACKUP_SCHEDULE: "0 3 * * *" }).BACKUP_SCHEDULE).toBe("0 3 * * *");
    expect(loadConfig({ BACKUP_SCHEDULE: "" }).BACKUP_SCHEDULE).toBeUndefined();
  });

  describe.skipIf(!PG_URL)("two instances on one PostgreSQL", () => {
    it("only one of them takes a given run", async () => {
      const shared = await postgresDatabase();
      cleanups.push(() => shared.close());
      await shared.migrate(path.resolve("drizzle"));
      const instance = async (): Promise<FastifyInstance> => {
        const database: Database = await openPostgres(shared.url);
        const dataDir = tempDataDir();
        const config = testConfig({ DATA_DIR: dataDir, BACKUP_SCHEDULE: "0 3 * * *" });
        await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
        const app = await buildApp({ config, database, logger: false });
        cleanups.push(async () => {
          await app.close();
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        });
        return app;
      };
      const [a, b] = [await instance(), await instance()];
      for (const at of ["2026-11-25T03:00:00Z", "2026-11-26T03:00:00Z", "2026-11-27T03:00:00Z"].map((s) => new Date(s))) {
        const outcomes = await Promise.all([takeScheduledBackup(a, at), takeScheduledBackup(b, at)]);
        expect(outcomes.filter((o) => o.taken)).toHaveLength(1);
        expect(outcomes.filter((o) => o.taken && !("error" in o && o.error))).toHaveLength(1);
      }
      expect(backupFiles(a.config.backupDir).length + backupFiles(b.config.backupDir).length).toBe(3);
      expect(await a.db.select().from(backupRuns)).toHaveLength(3);
    });
  });
});

describe("the control socket", () => {
  it("lets `npm run backup` ask the running site, 0600, and goes away with the app", async () => {
    const t = await testApp();
    const socket = controlSocketPath(t.dataDir);
    // a stale socket file from a crash is no obstacle
    fs.writeFileSync(socket, "");
    expect(await t.app.controlSocket.start(controlCommands)).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(await sendControlCommand(socket, "ping")).toMatchObject({ pid: process.pid });
    await expect(sendControlCommand(socket, "rm -rf")).rejects.toThrow(/unknown command/);
    await expect(sendControlCommand(socket, "backup", { out: "relative.tar.gz" })).rejects.toThrow(/absolute path/);
    const out = path.join(tempDataDir(), "by-socket.tar.gz");
    const result = (await sendControlCommand(socket, "backup", { out })) as { file: string; size: number };
    expect(result).toMatchObject({ file: out, size: fs.statSync(out).size });
    await readArchive(out);
    expect((await status(t)).data.last).toMatchObject({ kind: "manual", file: "by-socket.tar.gz" });
    await t.app.close();
    expect(fs.existsSync(socket)).toBe(false);
    expect(await sendControlCommand(socket, "ping")).toBeNull();
  });
});
