import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

/**
 * A client still writing a too-large JSON body used to get a reset connection instead of a
 * readable 413. A real socket writes the body in pieces, as a slow client would, and reads
 * whatever comes back.
 */
function postSlowly(port: number, opts: { bytes: number; chunked: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    // a careless client reads the answer only once it has written the whole request
    socket.pause();
    socket.on("data", (d) => (received += d.toString("utf8")));
    socket.on("error", (err) => reject(new Error(`connection failed after ${received.length} bytes of answer: ${err.message}`)));
    socket.on("close", () => resolve(received));
    const lengthHeader = opts.chunked ? "transfer-encoding: chunked" : `content-length: ${opts.bytes}`;
    socket.write(`POST /api/contact HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n${lengthHeader}\r\n\r\n`);
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
