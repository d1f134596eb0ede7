import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { RawSmtpPool } from "./raw-smtp-pool";

/** A real SMTP server that counts its connections and keeps every message it accepted. */
async function startServer(options: Partial<SMTPServerOptions> = {}) {
  const received: { to: string[]; raw: string }[] = [];
  let connections = 0;
  let closed = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onClose() {
      closed++;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
    ...options,
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    connections: () => connections,
    closed: () => closed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (to: string) =>
  Buffer.from(`From: band@example.test\r\nTo: ${to}\r\nSubject: Tour\r\n\r\nNew dates.\r\n.a line that starts with a dot\r\nSee you there\r\n`);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(serverOptions: Partial<SMTPServerOptions> = {}, url?: (port: number) => string, size = 3, idleMs?: number) {
  const server = await startServer(serverOptions);
  cleanup.push(server.close);
  const pool = new RawSmtpPool({ url: url ? url(server.port) : `smtp://127.0.0.1:${server.port}`, size, idleMs });
  cleanup.push(() => pool.close());
  return { server, pool };
}

describe("RawSmtpPool", () => {
  it("sends many mails at once over at most `size` connections, each arriving whole", async () => {
    const { server, pool } = await setup();
    const to = Array.from({ length: 20 }, (_, i) => `fan${i}@example.test`);
    await Promise.all(to.map((address) => pool.send({ from: "band@example.test", to: [address] }, message(address))));
    expect(server.received.map((m) => m.to[0]).sort()).toEqual([...to].sort());
    expect(server.received[0].raw).toBe(message(server.received[0].to[0]).toString("utf8"));
    expect(server.connections()).toBeLessThanOrEqual(3);
  });

  it("rejects a refused recipient with the server's reply and keeps the connection for the next mail", async () => {
    const { server, pool } = await setup({
      onRcptTo(address, _session, callback) {
        if (address.address === "gone@example.test") return callback(Object.assign(new Error("5.1.1 User unknown"), { responseCode: 550 }));
        callback();
      },
    });
    await expect(pool.send({ from: "band@example.test", to: ["gone@example.test"] }, message("gone@example.test"))).rejects.toMatchObject({
      responseCode: 550,
      command: "RCPT TO",
    });
    await pool.send({ from: "band@example.test", to: ["fan@example.test"] }, message("fan@example.test"));
    expect(server.received.map((m) => m.to)).toEqual([["fan@example.test"]]);
    expect(server.connections()).toBe(1);
  });

  it("replaces a connection the server closed while it was idle, without losing the next mail", async () => {
    const { server, pool } = await setup({ socketTimeout: 200 }, undefined, 1);
    await pool.send({ from: "band@example.test", to: ["a@example.test"] }, message("a@example.test"));
    await wait(500); // the server has timed the idle connection out
    await pool.send({ from: "band@example.test", to: ["b@example.test"] }, message("b@example.test"));
    expect(server.received.map((m) => m.to[0])).toEqual(["a@example.test", "b@example.test"]);
    expect(server.connections()).toBe(2);
  });

  it("closes its connections after idleMs without a mail", async () => {
    const { server, pool } = await setup({}, undefined, 2, 100);
    await pool.send({ from: "band@example.test", to: ["a@example.test"] }, message("a@example.test"));
    await wait(400);
    expect(server.closed()).toBe(1);
  });

  it("logs in with the user and password in SMTP_URL, and reports a wrong password", async () => {
    const auth: Partial<SMTPServerOptions> = {
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      onAuth(a, _session, callback) {
        if (a.username === "band" && a.password === "s3cret pass") return callback(null, { user: "band" });
        callback(new Error("Invalid username or password"));
      },
    };
    const { server, pool } = await setup(auth, (port) => `smtp://band:s3cret%20pass@127.0.0.1:${port}`);
    await pool.send({ from: "band@example.test", to: ["fan@example.test"] }, message("fan@example.test"));
    expect(server.received).toHaveLength(1);

    const wrong = await setup(auth, (port) => `smtp://band:nope@127.0.0.1:${port}`);
    await expect(wrong.pool.send({ from: "band@example.test", to: ["fan@example.test"] }, message("fan@example.test"))).rejects.toMatchObject({ code: "EAUTH" });
    expect(wrong.server.received).toHaveLength(0);
  });
});
