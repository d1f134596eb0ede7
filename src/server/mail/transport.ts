import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import type { AppConfig } from "../config";
import { RawSmtpPool } from "./raw-smtp-pool";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** display name of the sender (the band's name) when MAIL_FROM is not set */
  fromName?: string;
  /** files sent with the mail (an RSVP reminder's .ics) */
  attachments?: { filename: string; content: string; contentType: string }[];
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
  /** SMTP only: a message composed beforehand (newsletters, see modules/newsletter/message.ts) */
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
    const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, maxConnections: config.MAIL_CONCURRENCY, maxMessages: 1000, ...timeouts });
    // newsletters: messages composed beforehand, straight onto SMTP connections of their own
    const raw = new RawSmtpPool({ url: config.SMTP_URL, size: config.MAIL_CONCURRENCY, maxMessages: 1000, connection: timeouts });
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail(withSender(config, mail));
      },
      sendRaw: (envelope, message) => raw.send({ from: envelope.from, to: [envelope.to] }, message),
      close: () => {
        transport.close();
        raw.close();
      },
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
