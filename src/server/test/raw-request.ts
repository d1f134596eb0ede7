import http from "node:http";

/**
 * A raw request over a real socket, as a browser or monitor sends it: the bytes as sent (no
 * decompression) and every header. The public fast lane answers in front of Fastify, so only a
 * real socket (not app.inject) reaches it.
 */
export function rawRequest(port: number, path: string, opts: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ port, host: "127.0.0.1", path, method: opts.method ?? "GET", headers: opts.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
