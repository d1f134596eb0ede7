import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { lazyChildLoggerFactory } from "./lazy-child-logger";
import { createTestApp } from "../test/app";

describe("a request's logger is made when the request first logs", () => {
  function rootLogger() {
    const lines: Record<string, unknown>[] = [];
    const root = pino({ level: "info", redact: { paths: ["password"], censor: "[redacted]" } }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { root: root as unknown as FastifyBaseLogger, lines, child: vi.spyOn(root, "child") };
  }

  it("makes no pino child for a request that logs nothing", () => {
    const { root, child } = rootLogger();
    const log = lazyChildLoggerFactory(root, { reqId: "req-7" }, {});
    expect(log.level).toBe("info");
    expect(child).not.toHaveBeenCalled();
  });

  it("writes what a pino child writes: the request id, redaction, levels, and one child however many lines", () => {
    const { root, lines, child } = rootLogger();
    const log = lazyChildLoggerFactory(root, { reqId: "req-7" }, {});
    log.info({ password: "hunter22-long" }, "signed in");
    log.debug("not at info");
    log.warn("slow request");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 30, reqId: "req-7", password: "[redacted]", msg: "signed in" },
      { level: 40, reqId: "req-7", msg: "slow request" },
    ]);
    expect(JSON.stringify(lines)).not.toContain("hunter22");
  });

  it("keeps a route's own log level (options.level)", () => {
    const { root, lines } = rootLogger();
    const log = lazyChildLoggerFactory(root, { reqId: "req-8" }, { level: "warn" });
    expect(log.level).toBe("warn");
    log.info("dropped at warn");
    log.error("kept");
    expect(lines.map((l) => l.msg)).toEqual(["kept"]);
  });

  it("is what the app's requests log through: a refused login's line carries that request's id", async () => {
    const lines: string[] = [];
    const t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const res = await t.request({ method: "POST", url: "/api/admin/login", payload: { username: "nobody", password: "wrong-password-123" } });
      expect(res.statusCode).toBe(401);
      const refused = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "login refused");
      expect(refused).toHaveLength(1);
      expect(refused[0].reqId).toMatch(/\S/);
      expect(refused[0].instance).toBe(t.app.instanceId);
    } finally {
      await t.close();
    }
  });
});
