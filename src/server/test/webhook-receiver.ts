import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver got: its headers and raw body, and when. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver of webhooks on 127.0.0.1 (issue 26 tests): records every POST and answers
 * with what `answer` says for the n-th request (a status, or 'hold' to keep the request open
 * until `release()`; default 200).
 */
export interface Receiver {
  url: string;
  received: Received[];
  /** resolves with the n-th request (1-based) once it has arrived */
  nth(n: number, timeoutMs?: number): Promise<Received>;
  /** answers every held request with this status (or drops their connections with 'drop') */
  release(status: number | "drop"): void;
  close(): Promise<void>;
}

export async function startReceiver(answer: (n: number, req: Received) => number | "hold" = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: (r: Received) => void }[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));
      const got: Received = { headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(got);
      const n = received.length;
      for (const w of waiters.filter((x) => x.n === n)) w.resolve(got);
      const status = answer(n, got);
      if (status === "hold") held.push(res);
      else res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    nth(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve(received[n - 1]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: request ${n} did not come within ${timeoutMs} ms (got ${received.length})`)), timeoutMs);
        waiters.push({ n, resolve: (r) => (clearTimeout(timer), resolve(r)) });
      });
    },
    release(status) {
      for (const res of held.splice(0)) {
        if (status === "drop") res.socket?.destroy();
        else res.writeHead(status).end();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
