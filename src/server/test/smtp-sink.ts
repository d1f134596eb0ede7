import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the sink received it, with quoted-printable undone so links can be read. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  decoded: string;
  subject: string;
  header(name: string): string | undefined;
  links(): string[];
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** reply 451 (temporary failure) to the next `n` messages */
  failNext(n: number): void;
  /**
   * refuse RCPT TO for this address with `code` (550: no such mailbox, a bounce; 450: try
   * later) until acceptRecipient; the other recipients are served as usual
   */
  refuseRecipient(address: string, code?: number): void;
  acceptRecipient(address: string): void;
  /** stop listening (connections are refused: ECONNREFUSED) and drop the open ones, as a relay that went down */
  refuseConnections(): Promise<void>;
  /** listen again on the same port */
  acceptConnections(): Promise<void>;
  /** resolves once `predicate` holds for the received mails */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * A real SMTP server in this process (tests and the bench): accepts everything without TLS
 * or auth and keeps what it received. Pass `store: false` to count only (large benches).
 */
export async function startSmtpSink(
  opts: { store?: boolean; onMail?: (to: string[]) => void; refuse?: Record<string, number> } = {},
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const refused = new Map(Object.entries(opts.refuse ?? {}).map(([address, code]) => [address.toLowerCase(), code]));
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const text = code >= 500 ? "5.1.1 <" + address.address + ">: Recipient address rejected: User unknown" : "4.2.1 Mailbox busy, try again later";
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        opts.onMail?.(to);
        if (opts.store !== false) {
          const raw = Buffer.concat(chunks).toString("utf8");
          const decoded = decodeQuotedPrintable(raw);
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to,
            raw,
            decoded,
            subject: headerOf(raw, "subject") ?? "",
            header: (name) => headerOf(raw, name),
            links: () => [...new Set(decoded.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [])],
          });
        }
        callback();
        for (const w of waiters.splice(0)) w();
      });
    },
  });
  // A client that dies mid-session (the crash test SIGKILLs the sender) resets its socket;
  // the sink notes nothing for it and keeps serving, as a real MTA would.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const sockets = new Set<Socket>();
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (n) => void (failures = n),
    refuseRecipient: (address, code = 550) => void refused.set(address.toLowerCase(), code),
    acceptRecipient: (address) => void refused.delete(address.toLowerCase()),
    async refuseConnections() {
      const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    acceptConnections: () => new Promise<void>((resolve) => server.server.listen(port, "127.0.0.1", () => resolve())),
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(mails)) {
        if (Date.now() > deadline) throw new Error(`SMTP sink: condition not met in ${timeoutMs} ms (${mails.length} mails received)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
