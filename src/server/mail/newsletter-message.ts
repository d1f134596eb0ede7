import { randomBytes, randomUUID } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { escapeHtml } from "./html";
import { newsletterMail, unsubscribeLinks } from "./templates";
import { withSender, type SenderConfig } from "./transport";

/**
 * One newsletter's mails, ready to go: the message is composed (by nodemailer, as for any other
 * mail) once per newsletter with stand-ins for the recipient and their unsubscribe token; each
 * recipient's mail is then that message with their address, token, Message-ID and Date put in.
 * Composing 100,000 MIME messages one by one cost about half of the sending process's time.
 *
 * The bodies are quoted-printable, encoded piece by piece: each fixed piece once, each recipient's
 * part per mail, joined by soft line breaks (which decoding removes), so a mail decodes to exactly
 * the text and HTML `newsletterMail` renders for that recipient. Anything this cannot do exactly
 * (an address that is not plain ASCII, an unexpected header layout) gets `null`: the caller then
 * sends the mail the ordinary way.
 */
export interface PreparedNewsletter {
  /** the SMTP envelope sender */
  from: string;
  message(to: string, token: string, now?: Date): Buffer | null;
}

type Piece = string | { recipient: "email" | "token" };

interface Content {
  bandName: string;
  subject: string;
  contentHtml: string;
  contentText: string;
}

const PLAIN_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;
const LINE = 76;
const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Splits `text` at the stand-ins, line by line (CRLF), into fixed text and recipient parts. */
function pieces(text: string, email: string, token: string): Piece[][] {
  const pattern = new RegExp(`(${literally(email)}|${literally(token)})`);
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .split(pattern)
        .filter((part) => part !== "")
        .map((part): Piece => (part === email ? { recipient: "email" } : part === token ? { recipient: "token" } : part)),
    );
}

/** Quoted-printable for a line made of pieces: each piece ends with a soft break but the last. */
function encodeLine(line: (string | Piece)[], values?: { email: string; token: string }): string {
  let out = "";
  line.forEach((piece, i) => {
    const last = i === line.length - 1;
    const text = typeof piece === "string" ? piece : piece.recipient === "email" ? values!.email : values!.token;
    out += last ? qpWrap(qpEncode(text), LINE) : `${qpWrap(qpEncode(text), LINE - 1)}=\r\n`;
  });
  return out;
}

/** Fixed lines encoded now; lines with a recipient part keep their fixed pieces pre-encoded. */
function compileBody(lines: Piece[][]) {
  const compiled = lines.map((line) => {
    if (line.every((p) => typeof p === "string")) return encodeLine(line);
    // pre-encode the fixed pieces with their soft breaks; recipient parts are filled per mail
    return line.map((piece, i) => {
      const last = i === line.length - 1;
      if (typeof piece !== "string") return { recipient: piece.recipient, last };
      return last ? qpWrap(qpEncode(piece), LINE) : `${qpWrap(qpEncode(piece), LINE - 1)}=\r\n`;
    });
  });
  return (values: { email: string; token: string }) =>
    compiled
      .map((line) =>
        typeof line === "string"
          ? line
          : line
              .map((p) => {
                if (typeof p === "string") return p;
                const text = values[p.recipient];
                return p.last ? qpWrap(qpEncode(text), LINE) : `${qpWrap(qpEncode(text), LINE - 1)}=\r\n`;
              })
              .join(""),
      )
      .join("\r\n");
}

function build(node: ReturnType<MailComposer["compile"]>): Promise<Buffer> {
  return new Promise((resolve, reject) => node.build((err, message) => (err ? reject(err) : resolve(message))));
}

export async function prepareNewsletter(config: SenderConfig, content: Content): Promise<PreparedNewsletter> {
  const tag = randomBytes(8).toString("hex");
  const standInEmail = `rcpt${tag}@stand-in.invalid`;
  const standInToken = `tok${tag}`;
  const encodedEmail = encodeURIComponent(standInEmail);
  const mail = newsletterMail({ ...content, to: standInEmail, unsubscribe: unsubscribeLinks(config.PUBLIC_URL, standInEmail, standInToken) });
  const node = new MailComposer(withSender(config, mail)).compile();
  const from = node.getEnvelope().from;
  const raw = (await build(node)).toString("utf8");
  const fallback: PreparedNewsletter = { from: from || "", message: () => null };

  const headerEnd = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, headerEnd);
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1];
  const messageId = /^Message-ID: <[^@>]+@([^>]+)>$/m.exec(head);
  if (!from || !boundary || !messageId || !/^Date: .+$/m.test(head) || head.split(`To: ${standInEmail}\r\n`).length !== 2) return fallback;
  // the header lines, with the recipient's parts to fill in
  const headParts = head
    .replace(/^Message-ID: .+$/m, "Message-ID: \u0000id\u0000")
    .replace(/^Date: .+$/m, "Date: \u0000date\u0000")
    .split(new RegExp(`(${[standInEmail, encodedEmail, standInToken, "\u0000id\u0000", "\u0000date\u0000"].map(literally).join("|")})`));
  const domain = messageId[1];

  // the bodies exactly as newsletterMail renders them, split at the recipient's parts
  const text = compileBody(pieces(mail.text, encodedEmail, standInToken));
  const html = compileBody(pieces(mail.html, escapeHtml(encodedEmail), standInToken));
  if (mail.text.includes(standInEmail) || mail.html.includes(standInEmail)) return fallback;
  const part = (type: string) => `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;

  return {
    from,
    message(to, token, now = new Date()) {
      if (!PLAIN_ADDRESS.test(to) || !/^[\w-]+$/.test(token)) return null;
      const email = encodeURIComponent(to);
      const values: Record<string, string> = {
        [standInEmail]: to,
        [encodedEmail]: email,
        [standInToken]: token,
        "\u0000id\u0000": `<${randomUUID()}@${domain}>`,
        "\u0000date\u0000": now.toUTCString().replace(/GMT/, "+0000"),
      };
      const headers = headParts.map((p, i) => (i % 2 === 1 ? values[p] : p)).join("");
      return Buffer.from(
        `${headers}\r\n\r\n` +
          `${part("text/plain")}${text({ email, token })}\r\n` +
          `${part("text/html")}${html({ email: escapeHtml(email), token })}\r\n` +
          `--${boundary}--\r\n`,
        "utf8",
      );
    },
  };
}
