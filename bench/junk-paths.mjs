// Issue 20's memory probe: the server's RSS before and after a flood of distinct junk paths and
// of page spellings. Usage: node bench/junk-paths.mjs PORT PID [COUNT=10000] [PATH_BYTES=4000]
// (start the server as in docs/conventions.md "Running by hand"; PID is its node process).
import fs from "node:fs";
import http from "node:http";

const [port, pid, count = "10000", size = "4000"] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);
const get = (path) =>
  new Promise((resolve, reject) => {
    http
      .get({ port: Number(port), host: "127.0.0.1", path, agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      })
      .on("error", reject);
  });
async function flood(label, paths) {
  const statuses = {};
  for (let i = 0; i < paths.length; i += 20) {
    for (const s of await Promise.all(paths.slice(i, i + 20).map(get))) statuses[s] = (statuses[s] ?? 0) + 1;
  }
  console.log(`${label}: ${JSON.stringify(statuses)}, RSS ${rss()} MB`);
}
for (const p of ["/", "/shows", "/merch", "/lyrics", "/videos"]) await get(p);
console.log(`start (5 pages read): RSS ${rss()} MB`);
const n = Number(count);
await flood(`${n} junk paths of ${size} bytes`, Array.from({ length: n }, (_, i) => `/${"x".repeat(Number(size))}/${i}`));
await flood(`2300 '/shows' + slashes`, Array.from({ length: 2300 }, (_, i) => `/shows${"/".repeat(i + 1)}`));
await flood(`${n} '/?q=N' (the fast lane's URL memory)`, Array.from({ length: n }, (_, i) => `/?q=${i}${"y".repeat(200)}`));
agent.destroy();
