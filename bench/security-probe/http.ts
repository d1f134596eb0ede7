/** A small HTTP client on node:http: raw bodies (bytes as given), any source address on the loopback. */
import http from "node:http";
import net from "node:net";

export interface Answer {
  /** HTTP status, or 0 when no answer came (the error is in `error`) */
  status: number;
  body: string;
  error?: string;
}

export interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** source address on the loopback (127.x.y.z): a distinct client address without forging any header */
  localAddress?: string;
  /** a connection of its own instead of the keep-alive pool */
  fresh?: boolean;
  timeoutMs?: number;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function send(port: number, r: Request): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body !== undefined) headers["content-length"] = Buffer.byteLength(r.body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: r.method,
        path: r.path,
        headers,
        // a connection per request when it must come from its own address
        agent: r.localAddress || r.fresh ? false : keepAlive,
        localAddress: r.localAddress,
        timeout: r.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", (err) => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), error: err.message }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ status: 0, body: "", error: err.code ?? err.message }));
    if (r.body !== undefined) req.end(r.body);
    else req.end();
  });
}

export const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}, localAddress?: string): Request => ({
  method,
  path,
  // JSON.stringify writes a lone surrogate as the escape "\ud800": the raw JSON text a client would send
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", ...headers },
  localAddress,
});

/** Loopback source addresses 127.<a>.<b>.<c>, never 127.0.0.1, one per call. */
export function loopbackAddresses(second: number) {
  let n = 0;
  return () => {
    n++;
    const addr = `127.${second}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;
    if (!net.isIPv4(addr)) throw new Error(addr);
    return addr;
  };
}

export const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join(".");

/** A keep-alive pool of one socket, for the probe that checks what a reused connection gets. */
export function singleSocketAgent() {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

export function sendWith(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ status: 0, body: "", error: err.code ?? err.message }));
    req.end();
  });
}

export function closeAgents() {
  keepAlive.destroy();
}
