/** The three probes of issue 8 against a running server, and the log scan. */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildCases, type Case } from "./fuzz";
import { json, loopbackAddresses, randomIp, send, sendWith, singleSocketAgent, type Answer } from "./http";
import { ADMIN, type Server } from "./server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tally = (statuses: number[]) => {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
};
export const fmtTally = (t: Record<string, number>) =>
  Object.entries(t)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s === "0" ? "no-answer" : s}x${n}`)
    .join(" ");

/** Spoofed client-address headers: all three carry the same new random address on each request. */
const forged = (ip: string) => ({ "x-forwarded-for": ip, "x-real-ip": ip, forwarded: `for=${ip}` });

/** The error envelope { success: false, message } (ARCHITECTURE.md). */
function isEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body);
    return parsed.success === false && typeof parsed.message === "string";
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- XFF probe

export interface XffResult {
  login: { seconds: number; attempts: number; allowed: number; limited: number; other: Record<string, number>; allowedAt: number[]; windows: number };
  loginAfter: { sameAddress: number; otherAddress: number };
  subscribe: Record<string, number>;
  contact: Record<string, number>;
  forgedIps: Set<string>;
  emails: string[];
  messageTexts: string[];
}

export async function xffProbe(server: Server, opts: { seconds: number; workers: number; mk: string; log: (s: string) => void }): Promise<XffResult> {
  const { port } = server;
  const forgedIps = new Set<string>();
  const nextIp = () => {
    let ip = randomIp();
    while (ip === "127.0.0.1") ip = randomIp();
    forgedIps.add(ip);
    return ip;
  };

  // 1. login: wrong password, a new forged address every request, `workers` in parallel, for `seconds`
  const statuses: number[] = [];
  const allowedAt: number[] = [];
  const started = Date.now();
  const deadline = started + opts.seconds * 1000;
  let firstHit = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const sentAt = Date.now();
      const a = await send(port, json("POST", "/api/admin/login", { username: ADMIN.username, password: `wrong-${opts.mk}` }, forged(nextIp())));
      firstHit ||= sentAt;
      statuses.push(a.status);
      if (a.status === 401) allowedAt.push((Date.now() - started) / 1000);
      if (a.status === 0) await sleep(50); // connection trouble: do not spin
    }
  };
  const progress = setInterval(() => opts.log(`  login flood: ${statuses.length} requests, ${allowedAt.length} allowed after ${((Date.now() - started) / 1000).toFixed(0)} s`), 15_000);
  // the right password from the flooded address, mid-flood: inside the first window, after its 10 tries are used up
  const midFlood = (async () => {
    await sleep(Math.min(opts.seconds / 2, 30) * 1000);
    return (await send(port, json("POST", "/api/admin/login", ADMIN, forged(nextIp())))).status;
  })();
  await Promise.all(Array.from({ length: opts.workers }, worker));
  const sameAddress = await midFlood;
  clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  const t = tally(statuses);
  const { 401: allowed = 0, 429: limited = 0, ...other } = t;
  // fixed windows of one minute starting at the first hit: how many windows the flood touched
  const windows = Math.max(1, Math.ceil((Date.now() - firstHit) / 60_000));

  // 2. the right password right after from another loopback address: the limit is per address, not global
  const otherAddress = (await send(port, json("POST", "/api/admin/login", ADMIN, {}, "127.0.3.2"))).status;

  // 3. the public forms: 30 each, distinct e-mails, a new forged address each
  const emails: string[] = [];
  const messageTexts: string[] = [];
  const sub: number[] = [];
  for (let i = 0; i < 30; i++) {
    const email = `xff-${opts.mk}-${i}@probe.example`;
    emails.push(email);
    sub.push((await send(port, json("POST", "/api/subscribe", { name: `Fan ${opts.mk}`, email, interests: { shows: true } }, forged(nextIp())))).status);
  }
  const con: number[] = [];
  for (let i = 0; i < 30; i++) {
    const email = `xff-${opts.mk}-c${i}@probe.example`;
    const message = `Contact text ${opts.mk} number ${i}`;
    emails.push(email);
    messageTexts.push(message);
    con.push((await send(port, json("POST", "/api/contact", { name: `Fan ${opts.mk}`, email, messageType: "general", message }, forged(nextIp())))).status);
  }
  return {
    login: { seconds, attempts: statuses.length, allowed, limited, other, allowedAt, windows },
    loginAfter: { sameAddress, otherAddress },
    subscribe: tally(sub),
    contact: tally(con),
    forgedIps,
    emails,
    messageTexts,
  };
}

export interface StoredIps {
  subscribers: { rows: number; ips: Record<string, number> };
  messages: { rows: number; ips: Record<string, number> };
  forgedFound: number;
}

/** After the server stopped (PGlite) or while it runs (PostgreSQL): the addresses stored with the probe's rows. */
export async function storedIps(server: Server, mk: string, forgedIps: Set<string>): Promise<StoredIps> {
  const subs = await server.query<{ subscribe_ip: string | null; verify_ip: string | null }>(`select subscribe_ip, verify_ip from subscribers where email like 'xff-${mk}-%'`);
  const msgs = await server.query<{ ip: string | null }>(`select ip from messages where email like 'xff-${mk}-%'`);
  const count = (values: (string | null)[]) => tally(values.map((v) => v ?? "null") as unknown as number[]);
  const all = [...subs.flatMap((r) => [r.subscribe_ip, r.verify_ip]), ...msgs.map((r) => r.ip)];
  return {
    subscribers: { rows: subs.length, ips: count(subs.map((r) => r.subscribe_ip)) },
    messages: { rows: msgs.length, ips: count(msgs.map((r) => r.ip)) },
    forgedFound: all.filter((ip) => ip !== null && forgedIps.has(ip)).length,
  };
}

// ---------------------------------------------------------------- fuzz probe

export interface FuzzResult {
  requests: number;
  statuses: Record<string, number>;
  byRoute: Map<string, number[]>;
  bad: { route: string; label: string; path: string; answer: Answer }[];
  notEnvelope: Record<string, number>;
  /** one example per status of an error answer that is not the envelope */
  notEnvelopeSamples: { status: number; route: string; label: string; body: string }[];
  /** after a 431 on a keep-alive connection, the next request on that connection */
  afterHeaderTooLarge: { first: number; next: string }[];
  uploads: { before: number; after: number; stored: number; escaped: string[] };
  skipped: string[];
  token: string;
  emails: RegExp;
  seconds: number;
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

export async function fuzzProbe(server: Server, opts: { mk: string; log: (s: string) => void }): Promise<FuzzResult> {
  const { port, dataDir } = server;
  const { mk } = opts;
  const login = await send(port, json("POST", "/api/admin/login", ADMIN));
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.body.slice(0, 200)}`);
  const token = JSON.parse(login.body).token as string;
  const auth = { authorization: `Bearer ${token}` };
  const user = await send(port, json("POST", "/api/users", { username: `probeuser${mk.slice(-4)}`, email: `fz-${mk}-setup@probe.example`, password: "marmalade-ferry-lantern-42" }, auth));
  if (user.status !== 201 && user.status !== 200) throw new Error(`creating the probe's user failed: ${user.status} ${user.body.slice(0, 200)}`);
  const userId = JSON.parse(user.body).data.id as number;

  const cases: Case[] = buildCases({ mk, auth, nextAddress: loopbackAddresses(20), userId });
  const uploadsDir = path.join(dataDir, "uploads");
  const before = countFiles(uploadsDir);
  const byRoute = new Map<string, number[]>();
  const statuses: number[] = [];
  const bad: FuzzResult["bad"] = [];
  const notEnvelope: number[] = [];
  const notEnvelopeSamples: FuzzResult["notEnvelopeSamples"] = [];
  let stored = 0;
  const started = Date.now();
  let done = 0;
  const progress = setInterval(() => opts.log(`  fuzz: ${done}/${cases.length}`), 15_000);
  for (const c of cases) {
    // a connection per request: how one answer ends its connection must not decide the next answer
    const a = await send(port, { ...c.req, fresh: true });
    done++;
    statuses.push(a.status);
    if (!byRoute.has(c.route)) byRoute.set(c.route, []);
    byRoute.get(c.route)!.push(a.status);
    if (a.status >= 500 || a.status === 0) bad.push({ route: c.route, label: c.label, path: c.req.path, answer: a });
    if (c.upload && a.status >= 200 && a.status < 300) stored++;
    if (a.status >= 400 && !(a.status === 404 && c.req.method === "GET" && !c.req.path.startsWith("/api/"))) {
      if (!isEnvelope(a.body)) {
        notEnvelope.push(a.status);
        if (!notEnvelopeSamples.some((x) => x.status === a.status && x.route === c.route)) notEnvelopeSamples.push({ status: a.status, route: c.route, label: c.label, body: a.body.slice(0, 160) });
      }
    }
  }
  clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  // a 20 KB query string on a keep-alive connection (431), then a plain request on the same pool of one socket
  const afterHeaderTooLarge: FuzzResult["afterHeaderTooLarge"] = [];
  for (let i = 0; i < 3; i++) {
    const agent = singleSocketAgent();
    const first = await sendWith(agent, port, `/api/shows?limit=${mk}${"y".repeat(20_000)}`);
    const next = await sendWith(agent, port, "/api/shows?limit=1");
    afterHeaderTooLarge.push({ first: first.status, next: next.status ? String(next.status) : `no answer (${next.error})` });
    agent.destroy();
  }
  const after = countFiles(uploadsDir);
  const escaped = [`/tmp/${mk}-escape.png`, path.join(dataDir, `${mk}-escape.png`), path.join(path.dirname(dataDir), `${mk}-escape.png`)].filter((p) => fs.existsSync(p));
  return {
    requests: cases.length,
    statuses: tally(statuses),
    byRoute,
    bad,
    notEnvelope: tally(notEnvelope),
    notEnvelopeSamples,
    afterHeaderTooLarge,
    uploads: { before, after, stored, escaped },
    skipped: [],
    token,
    emails: new RegExp(`[\\w.+-]*${mk}[\\w.+-]*@probe\\.example`),
    seconds,
  };
}

// ---------------------------------------------------------------- 413 probe

export interface SlowAnswer {
  statusLine: string;
  envelope: boolean;
  writeError?: string;
  readError?: string;
  written: number;
}

/**
 * A raw socket that does not read at all (kernel reads stopped, not just 'data' unhandled) until
 * the whole 1.5 MB body is written, 64 KB every 2 ms; then it reads the answer.
 */
export function slowOversizedPost(port: number, localAddress: string, mk: string, opts: { close: boolean } = { close: true }): Promise<SlowAnswer> {
  const message = "x".repeat(1.5 * 1024 * 1024);
  const body = Buffer.from(JSON.stringify({ name: `Slow ${mk}`, email: `big-${mk}@probe.example`, message }));
  const head = Buffer.from(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${opts.close ? "Connection: close\r\n" : ""}\r\n`);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let writeError: string | undefined;
    let readError: string | undefined;
    let written = 0;
    let settled = false;
    // onread: with a buffer of its own the socket really stops reading from the kernel while paused
    const socket = net.connect({
      host: "127.0.0.1",
      port,
      localAddress,
      onread: {
        buffer: Buffer.alloc(64 * 1024),
        callback: (n: number, buf: Uint8Array) => {
          received.push(Buffer.from(buf.subarray(0, n)));
          // keep-alive: the answer is complete once Content-Length bytes of body arrived
          const raw = Buffer.concat(received);
          const end = raw.indexOf("\r\n\r\n");
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(raw.subarray(0, end).toString("latin1"))?.[1];
          if (end >= 0 && length !== undefined && raw.length >= end + 4 + Number(length)) setImmediate(finish);
          return true;
        },
      },
    });
    socket.pause();
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(received).toString("utf8");
      const statusLine = raw.split("\r\n")[0] || "(nothing readable)";
      const envelope = isEnvelope(raw.slice(raw.indexOf("\r\n\r\n") + 4));
      resolve({ statusLine, envelope, writeError, readError, written });
    };
    const timer = setTimeout(finish, 30_000);
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (written < head.length + body.length && !writeError) writeError = err.code ?? err.message;
      else readError = err.code ?? err.message;
      finish();
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.once("connect", async () => {
      try {
        const write = (chunk: Buffer) =>
          new Promise<void>((res, rej) => {
            const ok = socket.write(chunk, (err) => (err ? rej(err) : undefined));
            written += chunk.length;
            if (ok) res();
            else socket.once("drain", () => res());
          });
        await write(head);
        for (let off = 0; off < body.length; off += 64 * 1024) {
          if (socket.destroyed) return;
          await write(body.subarray(off, off + 64 * 1024));
          await sleep(2);
        }
      } catch (err) {
        writeError ??= (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      }
      if (!socket.destroyed) socket.resume();
    });
  });
}

export interface TooLargeResult {
  tries: SlowAnswer[];
  /** the same probe from one address, more often than FORM_RATE_LIMIT: what the tries past the limit read */
  oneAddressClose: SlowAnswer[];
  oneAddressKeepAlive: SlowAnswer[];
}

export async function tooLargeProbe(server: Server, opts: { tries: number; mk: string }): Promise<TooLargeResult> {
  const next = loopbackAddresses(30);
  const tries: SlowAnswer[] = [];
  // each try from its own loopback address: the contact form's limit (5/min/address) must not answer first
  for (let i = 0; i < opts.tries; i++) tries.push(await slowOversizedPost(server.port, next(), opts.mk));
  const oneAddressClose: SlowAnswer[] = [];
  for (let i = 0; i < 7; i++) oneAddressClose.push(await slowOversizedPost(server.port, "127.0.31.2", opts.mk, { close: true }));
  const oneAddressKeepAlive: SlowAnswer[] = [];
  for (let i = 0; i < 7; i++) oneAddressKeepAlive.push(await slowOversizedPost(server.port, "127.0.31.3", opts.mk, { close: false }));
  return { tries, oneAddressClose, oneAddressKeepAlive };
}

// ---------------------------------------------------------------- log scan

/** What the mailer logs per mail when SMTP_URL is unset (src/server/mail/transport.ts). */
export const FILE_MAILER_MSG = "mail written to file";

export interface LogScan {
  lines: number;
  argon2: number;
  adminPassword: number;
  bearerToken: number;
  params: number;
  failedQuery: number;
  failedQueryWithValues: number;
  emails: number;
  messageTexts: number;
  /** e-mails or message texts in lines other than the file mailer's "mail written to file" */
  outsideFileMailer: number;
  anyValueOfOurs: number;
  /** log message -> lines that carried a value we sent */
  valueLinesByMsg: Record<string, number>;
  forgedIps: number;
  rawTokensInLinks: number;
  errorLines: number;
}

export function scanLog(file: string, opts: { mk: string; token?: string; emails?: string[]; emailPattern?: RegExp; messageTexts?: string[]; messagePattern?: RegExp; forgedIps?: Set<string> }): LogScan {
  const text = fs.readFileSync(file, "utf8");
  const lines = text.split("\n").filter(Boolean);
  const has = (s: string) => lines.filter((l) => l.includes(s)).length;
  const valueLinesByMsg: Record<string, number> = {};
  let anyValueOfOurs = 0;
  let emails = 0;
  let messageTexts = 0;
  let outsideFileMailer = 0;
  let forgedIps = 0;
  let failedQueryWithValues = 0;
  let rawTokensInLinks = 0;
  let errorLines = 0;
  for (const line of lines) {
    let msg = "(not JSON)";
    let level = 0;
    try {
      const parsed = JSON.parse(line);
      msg = String(parsed.msg ?? "");
      level = Number(parsed.level ?? 0);
    } catch {
      /* a plain console line */
    }
    if (level >= 50) errorLines++;
    if (line.includes(opts.mk)) {
      anyValueOfOurs++;
      valueLinesByMsg[msg] = (valueLinesByMsg[msg] ?? 0) + 1;
    }
    const hasEmail = opts.emails?.some((e) => line.includes(e)) || (opts.emailPattern?.test(line) ?? false);
    const hasText = opts.messageTexts?.some((m) => line.includes(m)) || (opts.messagePattern?.test(line) ?? false);
    if (hasEmail) emails++;
    if (hasText) messageTexts++;
    if ((hasEmail || hasText) && !msg.startsWith(FILE_MAILER_MSG)) outsideFileMailer++;
    if (opts.forgedIps && [...line.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g)].some((m) => opts.forgedIps!.has(m[0]))) forgedIps++;
    if (line.includes("Failed query") && /params|\$\d+.*[:=]\s*["']?\w/.test(line.replace(/"query":"[^"]*"/, ""))) failedQueryWithValues++;
    // verification/unsubscribe tokens in the links the file mailer logs
    if (/token=[A-Za-z0-9_-]{16,}/.test(line)) rawTokensInLinks++;
  }
  return {
    lines: lines.length,
    argon2: has("$argon2"),
    adminPassword: has(ADMIN.password),
    bearerToken: opts.token ? has(opts.token) : 0,
    params: has("params:"),
    failedQuery: has("Failed query"),
    failedQueryWithValues,
    emails,
    messageTexts,
    outsideFileMailer,
    anyValueOfOurs,
    valueLinesByMsg,
    forgedIps,
    rawTokensInLinks,
    errorLines,
  };
}
