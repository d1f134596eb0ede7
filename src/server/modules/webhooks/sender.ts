import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { checkedLookup, refusalOfLiteralHost } from "./target-guard";

/*
 * One HTTP attempt of a webhook (issue 26, decision 040): the Standard Webhooks headers, signed
 * with node:crypto (an HMAC-SHA256 in three lines; the tests verify it with the `standardwebhooks`
 * package, so the package checks this code rather than itself), a 10 s limit on the whole
 * exchange, no redirect followed (node's http never follows one: a 3xx is a failed attempt), and
 * the target checked on the address it resolves to (target-guard.ts).
 */

/** The whole exchange (connect, send, the answer's status) may take this long. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `whsec_` and 32 random bytes in base64: the signing secret of a new endpoint (shown once). */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/** `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the secret's key (the part after whsec_, base64). */
export function signature(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${eventId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

export interface Attempt {
  url: string;
  secret: string;
  eventId: string;
  /** exactly the bytes sent and signed */
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface AttemptResult {
  ok: boolean;
  /** the receiver's HTTP status (null: no answer) */
  status: number | null;
  /** why it failed, in words (never the body, the URL's secret parts or the signing secret) */
  error: string | null;
}

export function attempt(a: Attempt): Promise<AttemptResult> {
  const url = new URL(a.url);
  const refused = refusalOfLiteralHost(url, a.allowPrivate);
  if (refused) return Promise.resolve({ ok: false, status: null, error: `Refused: ${refused}` });
  const timeoutMs = a.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = Buffer.from(a.body, "utf8");
  const client = url.protocol === "https:" ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: checkedLookup(a.allowPrivate) as unknown as typeof import("node:dns").lookup,
        headers: {
          "content-type": "application/json",
          "content-length": body.length,
          "user-agent": "band-site-webhooks/1",
          "webhook-id": a.eventId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signature(a.secret, a.eventId, timestamp, a.body),
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? null;
        // the answer's body is not needed: read (and drop) a little of it, then close
        res.on("data", () => {});
        res.on("error", () => {});
        res.on("end", () => {});
        res.resume();
        if (status !== null && status >= 200 && status < 300) finish({ ok: true, status, error: null });
        else if (status !== null && status >= 300 && status < 400) finish({ ok: false, status, error: `Redirect to elsewhere (HTTP ${status}): redirects are not followed` });
        else finish({ ok: false, status, error: `HTTP ${status}` });
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
      req.destroy();
    }, timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => {
      const why = err.name === "RefusedTarget" ? `Refused: ${err.message}` : err.code ? `Could not connect (${err.code})` : `Could not connect: ${err.message}`;
      finish({ ok: false, status: null, error: why });
    });
    req.end(body);
  });
}
