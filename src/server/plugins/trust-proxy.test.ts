import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { subscribers } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";

/**
 * A probe once made 4,793 login attempts in a minute by writing a new X-Forwarded-For on each
 * request (Fastify trusted any proxy). With TRUST_PROXY off the header changes nothing; with it
 * set, only the named hops are believed.
 */
describe("client addresses and X-Forwarded-For", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const forged = (i: number) => ({ "x-forwarded-for": `203.0.113.${i}` });

  async function attempts(url: string, payload: (i: number) => object, headers: (i: number) => Record<string, string>, remoteAddress = "127.0.0.1") {
    const codes: number[] = [];
    for (let i = 1; i <= 8; i++) codes.push((await t!.request({ method: "POST", url, payload: payload(i), headers: headers(i), remoteAddress })).statusCode);
    return codes;
  }

  it("off (the default): a forged header neither escapes the login limit nor the form limit", async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: 3, FORM_RATE_LIMIT: 2 });
    const logins = await attempts("/api/admin/login", () => ({ username: "admin", password: "wrong-password-x" }), forged);
    expect(logins.filter((c) => c === 401)).toHaveLength(3);
    expect(logins.filter((c) => c === 429)).toHaveLength(5);

    const subs = await attempts("/api/subscribe", (i) => ({ email: `fan${i}@example.com`, interests: { shows: true } }), forged);
    expect(subs.filter((c) => c === 200)).toHaveLength(2);
    const contacts = await attempts("/api/contact", (i) => ({ email: `fan${i}@example.com`, message: "hello" }), forged);
    expect(contacts.filter((c) => c === 200)).toHaveLength(2);
  });

  it("off: the stored consent address is the socket's, not the header's (a message keeps none)", async () => {
    t = await createTestApp();
    await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "fan@example.com", interests: { shows: true } }, headers: forged(9), remoteAddress: "198.51.100.7" });
    const [sub] = await t.app.db.select({ ip: subscribers.subscribeIp }).from(subscribers);
    expect(sub.ip).toBe("198.51.100.7");
  });

  it("a proxy on this host (TRUST_PROXY=127.0.0.1, what docs/deploy.md says for one proxy): each fan behind it has their own address", async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: 2, TRUST_PROXY: ["127.0.0.1"] as never });
    const wrong = () => ({ username: "admin", password: "wrong-password-x" });
    // eight fans behind the proxy, one try each: nobody is refused for the others' tries
    expect(await attempts("/api/admin/login", wrong, forged)).toEqual(Array(8).fill(401));
  });

  it("a trusted proxy list: the header counts only when the request comes from that proxy", async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: 2, TRUST_PROXY: "10.0.0.0/8" as never });
    const wrong = () => ({ username: "admin", password: "wrong-password-x" });
    // through the proxy: each client address has its own allowance
    const viaProxy = await attempts("/api/admin/login", wrong, (i) => ({ "x-forwarded-for": `203.0.113.${i % 2}` }), "10.1.2.3");
    expect(viaProxy.filter((c) => c === 401)).toHaveLength(4);
    // straight from the internet: the forged header is ignored
    const direct = await attempts("/api/admin/login", wrong, forged, "198.51.100.9");
    expect(direct.filter((c) => c === 401)).toHaveLength(2);
  });

  it("config: off by default, a list; 'true', a hop count and malformed entries are refused at start, saying what to write", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    // Fastify 5.12 believes no header under a hop count: '1' silently meant off
    expect(() => loadConfig({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY.*hop count \(1\).*name the proxy's address instead, e\.g\. 127\.0\.0\.1/);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).TRUST_PROXY).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "loopback"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.com" })).toThrow(/TRUST_PROXY/);
  });
});
