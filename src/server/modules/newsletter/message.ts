import { randomBytes, randomUUID } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { escapeHtml } from "../../mail/html";
import { newsletterMail, preferencesUrl, unsubscribeLinks } from "../../mail/templates";
import { withSender, type SenderConfig } from "../../mail/transport";

/**
 * One newsletter's mails, ready to go: the message is composed (by nodemailer, as for any other
 * mail) once per newsletter with stand-ins for the recipient and their unsubscribe and preferences tokens; each
 * recipient's mail is then that message with their address, tokens, Message-ID and Date put in.
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
  /** `token`: the unsubscribe token; `preferencesToken`: the preferences page's (both base64url) */
  message(to: string, token: string, preferencesToken: string, now?: Date): Buffer | null;
}

/** The parts of a mail that differ per recipient. */
type Recipient = { email: string; token: string; preferences: string };
type Piece = string | { recipient: keyof Recipient };

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
function pieces(text: string, standIns: Recipient): Piece[][] {
  const byText = new Map(Object.entries(standIns).map(([key, value]) => [value, key as keyof Recipient]));
  const pattern = new RegExp(`(${[...byText.keys()].map(literally).join("|")})`);
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .split(pattern)
        .filter((part) => part !== "")
        .map((part): Piece => {
          const recipient = byText.get(part);
          return recipient ? { recipient } : part;
        }),
    );
}

/** Quoted-printable for a line of fixed pieces: each piece ends with a soft break but the last. */
function encodeLine(line: string[]): string {
  let out = "";
  line.forEach((text, i) => {
    const last = i === line.length - 1;
    out += last ? qpWrap(qpEncode(text), LINE) : `${qpWrap(qpEncode(text), LINE - 1)}=\r\n`;
  });
  return out;
}

/** Fixed lines encoded now; lines with a recipient part keep their fixed pieces pre-encoded. */
function compileBody(lines: Piece[][]) {
  const compiled = lines.map((line) => {
    if (line.every((p) => typeof p === "string")) return encodeLine(line as string[]);
    // pre-encode the fixed pieces with their soft breaks; recipient parts are filled per mail
    return line.map((piece, i) => {
      const last = i === line.length - 1;
      if (typeof piece !== "string") return { recipient: piece.recipient, last };
      return last ? qpWrap(qpEncode(piece), LINE) : `${qpWrap(qpEncode(piece), LINE - 1)}=\r\n`;
    });
  });
  return (values: Recipient) =>
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
  const standInPreferences = `pref${tag}`;
  const encodedEmail = encodeURIComponent(standInEmail);
  const mail = newsletterMail({
    ...content,
    to: standInEmail,
    unsubscribe: unsubscribeLinks(config.PUBLIC_URL, standInEmail, standInToken),
    preferencesUrl: preferencesUrl(config.PUBLIC_URL, standInPreferences),
  });
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
    .split(new RegExp(`(${[standInEmail, encodedEmail, standInToken, standInPreferences, "\u0000id\u0000", "\u0000date\u0000"].map(literally).join("|")})`));
  const domain = messageId[1];

  // the bodies exactly as newsletterMail renders them, split at the recipient's parts
  const text = compileBody(pieces(mail.text, { email: encodedEmail, token: standInToken, preferences: standInPreferences }));
  const html = compileBody(pieces(mail.html, { email: escapeHtml(encodedEmail), token: standInToken, preferences: standInPreferences }));
  if (mail.text.includes(standInEmail) || mail.html.includes(standInEmail)) return fallback;
  const part = (type: string) => `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;

  return {
    from,
    message(to, token, preferencesToken, now = new Date()) {
      // tokens are base64url: the same in a URL, in HTML and in quoted-printable's safe range
      if (!PLAIN_ADDRESS.test(to) || !/^[\w-]+$/.test(token) || !/^[\w-]+$/.test(preferencesToken)) return null;
      const email = encodeURIComponent(to);
      const values: Record<string, string> = {
        [standInEmail]: to,
        [encodedEmail]: email,
        [standInToken]: token,
        [standInPreferences]: preferencesToken,
        "\u0000id\u0000": `<${randomUUID()}@${domain}>`,
        "\u0000date\u0000": now.toUTCString().replace(/GMT/, "+0000"),
      };
      const headers = headParts.map((p, i) => (i % 2 === 1 ? values[p] : p)).join("");
      return Buffer.from(
        `${headers}\r\n\r\n` +
          `${part("text/plain")}${text({ email, token, preferences: preferencesToken })}\r\n` +
          `${part("text/html")}${html({ email: escapeHtml(email), token, preferences: preferencesToken })}\r\n` +
          `--${boundary}--\r\n`,
        "utf8",
      );
    },
  };
}
