import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import type { AppConfig } from "../config";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** display name of the sender (the band's name) when MAIL_FROM is not set */
  fromName?: string;
}

export type SenderConfig = Pick<AppConfig, "MAIL_FROM" | "PUBLIC_URL">;

/** MAIL_FROM when set; otherwise the band's name at no-reply@ the site's own host. */
export function withSender(config: SenderConfig, { fromName, ...mail }: OutgoingMail) {
  const from = config.MAIL_FROM || { name: fromName ?? DEFAULT_BAND_NAME, address: `no-reply@${new URL(config.PUBLIC_URL).hostname}` };
  return { ...mail, from };
}

export interface Mailer {
  kind: "smtp" | "file";
  send(mail: OutgoingMail): Promise<void>;
  /** SMTP only: a message composed beforehand (newsletters, see newsletter-message.ts) */
  sendRaw?(envelope: { from: string; to: string }, raw: Buffer): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg?: string): void;
}

/**
 * SMTP_URL set: real SMTP through a connection pool sized to MAIL_CONCURRENCY.
 * Unset: every mail becomes an .eml file in DATA_DIR/mail and its links are logged, so a
 * newcomer running the site locally can still click a verification link.
 */
export function createMailer(config: AppConfig, log: Log): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.MAIL_CONCURRENCY,
      maxMessages: 1000,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail(withSender(config, mail));
      },
      async sendRaw(envelope, raw) {
        await transport.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let dirReady: Promise<unknown> | undefined;
  return {
    kind: "file",
    async send(mail) {
      dirReady ??= fs.mkdir(config.mailDir, { recursive: true });
      await dirReady;
      const info = await transport.sendMail(withSender(config, mail));
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(config.mailDir, name);
      // written beside the folder and moved in whole: nobody watching it sees half a mail
      const partial = path.join(path.dirname(config.mailDir), `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      // The file, not its address or links: those links carry live verification and
      // unsubscribe tokens, and logs are kept and shared far more widely than DATA_DIR.
      log.info({ subject: mail.subject, file }, "mail written to file (SMTP_URL is not set)");
    },
    close: () => transport.close(),
  };
}

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
