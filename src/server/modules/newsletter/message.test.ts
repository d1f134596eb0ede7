import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { prepareNewsletter } from "./message";
import { newsletterMail, preferencesUrl, unsubscribeLinks } from "../../mail/templates";
import { withSender } from "../../mail/transport";

/** Headers (unfolded, by lower-case name) and the decoded text of each part. */
function parse(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const headers = new Map(
    raw
      .slice(0, split)
      .replace(/\r\n[ \t]+/g, " ")
      .split("\r\n")
      .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()] as const),
  );
  const boundary = /boundary="([^"]+)"/.exec(headers.get("content-type") ?? "")![1];
  const parts = raw
    .slice(split + 4)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const body = part.slice(part.indexOf("\r\n\r\n") + 4).replace(/\r\n$/, "");
      const type = /Content-Type: ([^;\r\n]+)/.exec(part)![1];
      const qp = /Content-Transfer-Encoding: quoted-printable/.test(part);
      const text = qp ? Buffer.from(body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8") : body;
      // nodemailer's composer leaves bare LFs that its SMTP stream turns into CRLF on the wire
      const decoded = text.replace(/\r\n/g, "\n");
      return { type, decoded, lines: body.split("\r\n") };
    });
  return { headers, parts, last: raw.slice(raw.lastIndexOf(`--${boundary}`)) };
}

async function byNodemailer(config: { MAIL_FROM: string; PUBLIC_URL: string }, content: Parameters<typeof prepareNewsletter>[1], to: string, token: string, preferencesToken: string) {
  const mail = newsletterMail({ ...content, to, unsubscribe: unsubscribeLinks(config.PUBLIC_URL, to, token), preferencesUrl: preferencesUrl(config.PUBLIC_URL, preferencesToken) });
  const node = new MailComposer(withSender(config, mail)).compile();
  return new Promise<string>((resolve, reject) => node.build((err, m) => (err ? reject(err) : resolve(m.toString("utf8")))));
}

const contents = [
  { bandName: "Tar River Static", subject: "Spring tour", contentHtml: "<p>Ten dates.</p>", contentText: "Ten dates." },
  {
    bandName: "Tår Rïver Stätic & Friends",
    subject: "Früh – “tour” = ten dates ✓",
    contentHtml: `<p>Tickets <b>Friday</b>: <a href="https://tickets.example/${"x".repeat(300)}?a=1&amp;b=2">buy</a></p>\n<p>${"long line with words = and spaces ".repeat(30)}</p>`,
    contentText: `Tickets Friday: https://tickets.example/${"x".repeat(300)}?a=1&b=2\r\n\r\ntrailing spaces   \n\ttab = equals\nümlaut ${"word ".repeat(40)}`,
  },
];
// address, unsubscribe token, preferences token (base64url, as minted)
const recipients = [
  ["fan@example.com", "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde", "PqRsTuVwXyZ-_0123456789abcdefghijklmnopqrstu"],
  ["o'brien+tour@sub.example.org", "x".repeat(43), "y".repeat(43)],
  [`${"long".repeat(15)}@${"domain".repeat(8)}.example`, "0-_9", "-"],
] as const;

describe("newsletter messages composed once per newsletter", () => {
  for (const [c, content] of contents.entries()) {
    for (const MAIL_FROM of ["", "Booking <hello@band.example>"]) {
      it(`decode exactly as nodemailer's own message for each recipient (content ${c + 1}, MAIL_FROM ${MAIL_FROM || "unset"})`, async () => {
        const config = { MAIL_FROM, PUBLIC_URL: "https://band.example" };
        const prepared = await prepareNewsletter(config, content);
        expect(prepared.from).toBe(MAIL_FROM ? "hello@band.example" : "no-reply@band.example");
        const ids = new Set<string>();
        for (const [to, token, preferencesToken] of recipients) {
          const fast = prepared.message(to, token, preferencesToken)!.toString("utf8");
          const slow = await byNodemailer(config, content, to, token, preferencesToken);
          const a = parse(fast);
          const b = parse(slow);
          for (const name of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post", "mime-version"]) {
            expect(a.headers.get(name), name).toBe(b.headers.get(name));
          }
          expect(a.headers.get("content-type")).toMatch(/^multipart\/alternative;/);
          expect(a.headers.get("date")).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
          ids.add(a.headers.get("message-id")!);
          expect(a.parts.map((p) => p.type)).toEqual(["text/plain", "text/html"]);
          expect(a.parts.map((p) => p.decoded)).toEqual(b.parts.map((p) => p.decoded));
          expect(a.parts[0].decoded).toContain(`/unsubscribe?email=${encodeURIComponent(to)}&token=${token}`);
          // the personal preferences link, in both parts, with this recipient's own token
          expect(a.parts[0].decoded).toContain(`Your preferences: https://band.example/preferences?token=${preferencesToken}\n`);
          expect(a.parts[1].decoded).toContain(`<a href="https://band.example/preferences?token=${preferencesToken}">Your preferences</a>`);
          for (const p of a.parts) for (const line of p.lines) expect(line.length, line).toBeLessThanOrEqual(76);
          expect(a.last).toMatch(/--\r\n$/);
        }
        expect(ids.size).toBe(recipients.length);
      });
    }
  }

  it("leaves what it cannot compose exactly to the ordinary path: addresses beyond plain ASCII", async () => {
    const prepared = await prepareNewsletter({ MAIL_FROM: "", PUBLIC_URL: "https://band.example" }, contents[0]);
    expect(prepared.message("fän@example.com", "abc", "def")).toBeNull();
    expect(prepared.message("fan@exämple.com", "abc", "def")).toBeNull();
    expect(prepared.message("fan@example.com", "abc", "de f")).toBeNull();
    expect(prepared.message("fan@example.com", "abc", "def")).not.toBeNull();
  });
});
