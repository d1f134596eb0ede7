// Writes .br and .gz siblings for the built client's text assets, so @fastify/static
// (preCompressed) can send them compressed without compressing on every request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

export function precompress(dir) {
  let count = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name) && entry.name !== "index.html") {
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        count++;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return count;
}
