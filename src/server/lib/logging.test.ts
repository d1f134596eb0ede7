import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { serializeError, urlWithoutQueryValues } from "./logging";

/**
 * A database error once put every query parameter into the error log (password hashes, fans'
 * addresses, message text). These tests make a real driver error with secrets in its
 * parameters and read what the app's own logger writes.
 */
describe("logs never carry query parameters, tokens or hashes", () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t?.close());

  it("a failed query is logged by its SQL shape and error code, without its values", async () => {
    const secret = "s3cret-fan@example.com";
    const err = await t.app.db
      .insert(messages)
      .values({ name: "x", email: secret, messageType: "general", message: `private text \u0000 ${secret}` })
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(secret); // the driver's own message does hold it
    t.app.log.error({ err }, "unhandled error");
    const logged = lines.at(-1)!;
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain("private text");
    const entry = JSON.parse(logged);
    expect(entry.err.query).toMatch(/insert into "messages"/i);
    expect(entry.err.query).toContain("$1");
    expect(entry.err.message).toBe("Failed query");
    expect(entry.err.cause.code).toMatch(/^[0-9A-Z]{5}$/);
    // every line says which instance wrote it (several may share one PostgreSQL)
    expect(entry.instance).toBe(t.app.instanceId);
    expect(entry.pid).toBe(process.pid);
  });

  it("redacts secrets in objects and strips query values from request URLs", async () => {
    t.app.log.info({ user: { password: "hunter22-long", passwordHash: "$argon2id$v=19$abc", token: "tok123" } }, "object");
    const logged = lines.at(-1)!;
    expect(logged).not.toContain("hunter22");
    expect(logged).not.toContain("argon2id");
    expect(logged).not.toContain("tok123");

    await t.request({ method: "GET", url: "/api/verify-email?email=fan%40example.com&token=abcdef123456" });
    const access = lines.filter((l) => l.includes("/api/verify-email"));
    expect(access.length).toBeGreaterThan(0);
    for (const line of access) {
      expect(line).not.toContain("abcdef123456");
      expect(line).not.toContain("fan%40example.com");
    }
  });

  it("a mail written to a file (no SMTP_URL) is logged by its file, without the address or its token links", async () => {
    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "quiet.fan@example.com", interests: { shows: true } } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => lines.some((l) => l.includes("mail written to file")), { timeout: 5000 }).toBe(true);
    const logged = lines.join("\n");
    expect(logged).toMatch(/"file":"[^"]+\.eml"/);
    expect(logged).not.toContain("quiet.fan");
    expect(logged).not.toMatch(/token=[\w-]{8}/);
  });

  it("quoted values in database messages are dropped, the rest kept", () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), { code: "22P02", detail: "row (secret-value)", routine: "pg_strtoint32" });
    const out = serializeError(pgError);
    expect(JSON.stringify(out)).not.toContain("secret-value");
    expect(out).toMatchObject({ code: "22P02", routine: "pg_strtoint32" });
    expect(urlWithoutQueryValues("/unsubscribe?email=a@b&token=t")).toBe("/unsubscribe?email=…&token=…");
  });
});
