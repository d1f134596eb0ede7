/**
 * The header every server bench prints first: the exact command, node, the CPUs and the load
 * average, what was measured (the working tree on top of a commit, with its uncommitted changes
 * counted, or one commit exported with git archive) and the date. Figures from a shared machine
 * only mean something next to these lines.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const git = (...a: string[]) => execFileSync("git", a, { cwd: ROOT, encoding: "utf8" }).trim();

export const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

export function commitLine(ref: string): string {
  const line = git("log", "-1", "--format=%h %s", `${ref}^{commit}`);
  return line.length > 110 ? `${line.slice(0, 109)}…` : line;
}

/** `script` as typed (bench/crowd/run.ts); `ref` when the bench built one commit (--ref). */
export function benchHeader(o: { title: string; script: string; ref?: string }): string[] {
  const cpus = os.cpus();
  const lines = [
    o.title,
    `command:  npx tsx ${o.script} ${process.argv.slice(2).join(" ")}`.trimEnd(),
    `node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${loadavg()}`,
  ];
  if (o.ref) {
    lines.push(`measured: commit ${commitLine(o.ref)} (exported with git archive: uncommitted edits are not part of it)`);
  } else {
    const dirty = git("status", "--porcelain", "--", "src", "drizzle", "scripts", "index.html", "vite.config.ts", "package.json").split("\n").filter(Boolean);
    lines.push(`measured: the working tree on top of ${commitLine("HEAD")}`);
    lines.push(`          ${dirty.length ? `${dirty.length} uncommitted change(s) under src/drizzle/scripts/package.json are part of this build (use --ref HEAD for the commit alone)` : "no uncommitted changes under src/drizzle/scripts/package.json: the build is the commit"}`);
  }
  lines.push(`date:     ${new Date().toISOString()}`);
  return lines;
}
