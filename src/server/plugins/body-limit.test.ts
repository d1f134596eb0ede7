import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

/**
 * A client still writing a too-large JSON body used to get a reset connection instead of a
 * readable 413. A real socket writes the body in pieces, as a slow client would, and reads
 * whatever comes back.
 */
function postSlowly(port: number, opts: { bytes: number; chunked: boolean; host?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: opts.host });
    let received = "";
    // a careless client reads the answer only once it has written the whole request
    socket.pause();
    socket.on("data", (d) => (received += d.toString("utf8")));
    socket.on("error", (err) => reject(new Error(`connection failed after ${received.length} bytes of answer: ${err.message}`)));
    socket.on("close", () => resolve(received));
    const lengthHeader = opts.chunked ? "transfer-encoding: chunked" : `content-length: ${opts.bytes}`;
    socket.write(`POST /api/contact HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\ncontent-type: application/json\r\n${lengthHeader}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const writeMore = () => {
      if (socket.destroyed) return;
      if (sent >= opts.bytes) {
        if (opts.chunked) socket.write("0\r\n\r\n");
        socket.resume();
        return;
      }
      const n = Math.min(piece.length, opts.bytes - sent);
      const body = sent === 0 ? Buffer.concat([Buffer.from('{"message":"'), piece.subarray(12, n)]) : piece.subarray(0, n);
      sent += n;
      const ok = socket.write(opts.chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), body, Buffer.from("\r\n")]) : body);
      if (ok) setTimeout(writeMore, 1);
      else socket.once("drain", () => setTimeout(writeMore, 1));
    };
    writeMore();
  });
}

describe("a JSON body over the limit", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it.each([
    ["with a declared length", false],
    ["sent chunked", true],
  ])("%s gets a readable 413 envelope while the client is still writing", async (_name, chunked) => {
    for (const megabytes of [1.1, 1.6, 2, 4]) {
      const answer = await postSlowly(port, { bytes: Math.round(megabytes * 1024 * 1024), chunked });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('{"success":false,"message":"Request body is too large"}');
    }
  });
});

describe("answers refused before or without a request still read as the envelope", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: 1 });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (d) => (received += d.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
      socket.end(request);
    });

  it("a 429 for a client still writing its body is readable (the rest is read first)", async () => {
    const first = await postSlowly(port, { bytes: 200 * 1024, chunked: false, host: "127.0.0.7" });
    expect(first).toMatch(/^HTTP\/1\.1 (400|200) /); // the limit's one allowed post (not valid JSON here: a 400)
    const second = await postSlowly(port, { bytes: 600 * 1024, chunked: false, host: "127.0.0.7" });
    expect(second).toMatch(/^HTTP\/1\.1 429 /);
    expect(second).toContain('"success":false');
  });

  it("a URL over the header limit: 431 envelope with Connection: close", async () => {
    const answer = await raw(`GET /api/shows?limit=${"1".repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('{"success":false,"message":"Request headers or URL are too large"}');
  });

  it("a path with broken percent-encoding: 400 envelope", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows/%ED%A0%80" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: "Malformed URL" });
  });
});
