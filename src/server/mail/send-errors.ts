/* What a failed SMTP send means: for the recipient (bounces) and for the delivery (retry or not). */

export type SendOutcome = "retry" | "failed" | "unknown";

/**
 * What a failed send means for the recipient. A reply code from the server is a definite
 * answer (4xx: try later, 5xx: give up). Without one, a failure while connecting or before
 * the message was handed over is safe to retry; a connection lost after the message body was
 * sent leaves the outcome unknown, and an unknown outcome is never retried (no duplicates).
 */
export function classifySendError(err: unknown): SendOutcome {
  const e = err as { responseCode?: number; command?: string; code?: string };
  if (typeof e.responseCode === "number") {
    if (e.responseCode >= 500) return "failed";
    if (e.responseCode >= 400) return "retry";
  }
  const command = (e.command ?? "").toUpperCase();
  if (command === "DATA" || command === "BDAT" || command.startsWith("MESSAGE")) return "unknown";
  return "retry";
}

const UNREACHABLE_CODES = new Set(["ECONNECTION", "ECONNREFUSED", "ETIMEDOUT", "EDNS", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * The relay could not be reached at all (connection refused, timed out, no DNS answer): the
 * mail was never offered, and this says nothing about the recipient, so it must not use up the
 * mail's attempts (a relay restarting for a minute would otherwise fail a whole list).
 */
export function relayUnreachable(err: unknown): boolean {
  const e = err as { responseCode?: number; command?: string; code?: string; errno?: string } | null;
  if (!e || typeof e.responseCode === "number") return false;
  return (e.command ?? "").toUpperCase() === "CONN" || UNREACHABLE_CODES.has(e.code ?? "") || UNREACHABLE_CODES.has(e.errno ?? "");
}

/** At most this much of a server's refusal is kept as the bounce reason. */
const MAX_BOUNCE_REASON = 500;

/**
 * The server's reply when a send failed because the recipient is refused for good: a 5xx reply
 * to RCPT TO (no such mailbox, domain gone) or to DATA (the message refused for this address).
 * Null for anything else: a 4xx is a "try later", and a 5xx to MAIL FROM or the connection
 * says nothing about the recipient. Nodemailer puts the reply in `response`, its code in
 * `responseCode` and the command it answered in `command` ('RCPT TO', 'DATA').
 */
export function bounceReason(err: unknown): string | null {
  const e = err as { responseCode?: number; command?: string; response?: string; message?: string } | null;
  if (!e || typeof e.responseCode !== "number" || e.responseCode < 500 || e.responseCode > 599) return null;
  const command = (e.command ?? "").toUpperCase();
  if (command !== "RCPT TO" && command !== "DATA") return null;
  // no lone surrogates either: the reason travels as a JSON parameter
  const reply = Buffer.from(String(e.response || e.message || e.responseCode), "utf8").toString("utf8");
  // one line of plain text: a multi-line reply keeps its lines, control characters become spaces
  return reply.replace(/\p{Cc}+/gu, " ").replace(/\s+/g, " ").trim().slice(0, MAX_BOUNCE_REASON) || String(e.responseCode);
}
