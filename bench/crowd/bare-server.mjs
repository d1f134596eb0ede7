// The baseline: bare node:http answering from memory with the exact status, headers and bytes the
// product returned for each path and accept-encoding variant. Plain JS run by plain node (no
// loader), in its own process so it never shares an event loop with the product or the load.
//   fork("bare-server.mjs", [snapshotFile]) -> sends { port } once listening
import fs from "node:fs";
import http from "node:http";

// recomputed or connection-level: node writes its own Date and keep-alive headers
const SKIP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

const BODY_ONLY = "/body-only";
const KEEP_BODY_ONLY = new Set(["content-type", "content-encoding"]);

const answers = new Map();
for (const s of JSON.parse(fs.readFileSync(process.argv[2], "utf8"))) {
  // the product's answer to a beacon (issue 23): replayed for every POST to its path
  if (s.variant === "beacons") {
    const headers = Object.entries(s.headers).filter(([k]) => !SKIP.has(k)).flat();
    answers.set(`POST ${s.path}`, { status: s.status, headers: [...headers, "content-length", String(s.bytes)], body: Buffer.from(s.body, "base64") });
    continue;
  }
  const body = Buffer.from(s.body, "base64");
  const headers = [];
  for (const [k, v] of Object.entries(s.headers)) {
    if (SKIP.has(k)) continue;
    for (const one of Array.isArray(v) ? v : [v]) headers.push(k, one);
  }
  headers.push("content-length", String(body.length));
  answers.set(`${s.variant} ${s.path}`, { status: s.status, headers, body });
  const bodyOnly = [];
  for (let i = 0; i < headers.length; i += 2) if (KEEP_BODY_ONLY.has(headers[i]) || headers[i] === "content-length") bodyOnly.push(headers[i], headers[i + 1]);
  answers.set(`${s.variant} ${BODY_ONLY}${s.path}`, { status: s.status, headers: bodyOnly, body });
}

// the load sends either no accept-encoding at all or the browser's "gzip, br"
const variantOf = (req) => (req.headers["accept-encoding"] ? "encoded" : "identity");

function answer(req, res) {
  const a = answers.get(req.method === "POST" ? `POST ${req.url}` : `${variantOf(req)} ${req.url}`);
  if (!a) {
    res.writeHead(404, ["content-length", "0"]);
    res.end();
    return;
  }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}

const server = http.createServer((req, res) => {
  if (req.method !== "POST") return answer(req, res);
  // a POST is answered once its body is in, as the product does
  req.resume();
  req.on("end", () => answer(req, res));
});
// the same keep-alive window as Fastify's default, so neither side closes idle load connections
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("message", (m) => m === "close" && server.close(() => process.exit(0)));
process.on("disconnect", () => process.exit(0));
