import SMTPConnection, { type SMTPConnectionOptions } from "nodemailer/lib/smtp-connection";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { classifySendError } from "./send-errors";

/**
 * A pool of SMTP connections (nodemailer's SMTPConnection) for messages composed beforehand:
 * a send is the SMTP exchange and nothing else. nodemailer's own pool takes every message through
 * its composer, plugins, a new Message-ID and a stream pipeline first, which cost more CPU than
 * the exchange itself when a newsletter goes to 100,000 fans (docs/decisions/019).
 *
 * Up to `size` connections, each reused for up to `maxMessages` mails and closed after
 * `idleMs` without one. A refused envelope or message resets the session and keeps the
 * connection; any other error closes it. A reused connection the server had dropped (nothing of
 * the mail was handed over) is retried once on a new connection, as nodemailer's pool does.
 */
export interface RawSmtpPoolOptions {
  url: string;
  size: number;
  maxMessages?: number;
  idleMs?: number;
  connection?: SMTPConnectionOptions;
}

type Envelope = { from: string; to: string[] };
type Auth = { user: string; pass: string };

interface Slot {
  connection: SMTPConnection;
  messages: number;
  alive: boolean;
  busy: boolean;
  discarded: boolean;
  idleTimer?: NodeJS.Timeout;
}

export class RawSmtpPool {
  private readonly idle: Slot[] = [];
  /** connections open or opening */
  private opened = 0;
  private readonly waiters: (() => void)[] = [];
  private closed = false;
  private readonly connectionOptions: SMTPConnectionOptions;
  private readonly auth: Auth | undefined;
  private readonly maxMessages: number;
  private readonly idleMs: number;

  constructor(private readonly options: RawSmtpPoolOptions) {
    const { auth, ...fromUrl } = parseConnectionUrl(options.url) as SMTPConnectionOptions & { auth?: Auth };
    this.auth = auth;
    this.connectionOptions = { ...fromUrl, ...options.connection };
    this.maxMessages = options.maxMessages ?? 1000;
    this.idleMs = options.idleMs ?? 5000;
  }

  /** Sends `raw` (a whole RFC 5322 message) to the envelope's recipients. Rejects with nodemailer's error. */
  async send(envelope: Envelope, raw: Buffer): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const slot = await this.acquire();
      const reused = slot.messages > 0;
      try {
        await new Promise<void>((resolve, reject) => slot.connection.send(envelope, raw, (err) => (err ? reject(err) : resolve())));
        slot.messages++;
        this.release(slot);
        return;
      } catch (err) {
        slot.messages++;
        await this.afterError(slot, err);
        const e = err as { responseCode?: number };
        if (reused && attempt === 0 && e.responseCode === undefined && classifySendError(err) === "retry") continue;
        throw err;
      }
    }
  }

  close() {
    this.closed = true;
    for (const slot of [...this.idle]) this.discard(slot);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      if (this.closed) throw Object.assign(new Error("The mail connection pool is closed"), { code: "ECONNECTION", command: "API" });
      const slot = this.idle.pop();
      if (slot) {
        clearTimeout(slot.idleTimer);
        if (!slot.alive) {
          this.discard(slot);
          continue;
        }
        slot.busy = true;
        return slot;
      }
      if (this.opened < this.options.size) {
        this.opened++;
        try {
          const fresh = await this.connect();
          fresh.busy = true;
          return fresh;
        } catch (err) {
          this.opened--;
          this.waiters.shift()?.();
          throw err;
        }
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private release(slot: Slot) {
    slot.busy = false;
    if (!slot.alive || this.closed || slot.messages >= this.maxMessages) {
      this.discard(slot);
      return;
    }
    this.idle.push(slot);
    slot.idleTimer = setTimeout(() => this.discard(slot), this.idleMs);
    slot.idleTimer.unref();
    this.waiters.shift()?.();
  }

  /** A refusal of this one mail keeps the session (after RSET, before the error is reported); anything else ends it. */
  private async afterError(slot: Slot, err: unknown) {
    const e = err as { code?: string; responseCode?: number };
    const refusal = (e.code === "EENVELOPE" || e.code === "EMESSAGE") && e.responseCode !== 421;
    if (!refusal || !slot.alive) {
      this.discard(slot);
      return;
    }
    // a connection that ends meanwhile never calls back: its end answers instead
    const reset = await new Promise<boolean>((resolve) => {
      const gone = () => resolve(false);
      slot.connection.once("end", gone);
      slot.connection.reset((resetErr) => {
        slot.connection.off("end", gone);
        resolve(!resetErr);
      });
    });
    if (reset) this.release(slot);
    else this.discard(slot);
  }

  /** Closes the connection and frees its place (once, however often it is called). */
  private discard(slot: Slot) {
    if (slot.discarded) return;
    slot.discarded = true;
    const wasAlive = slot.alive;
    slot.alive = false;
    clearTimeout(slot.idleTimer);
    const at = this.idle.indexOf(slot);
    if (at >= 0) this.idle.splice(at, 1);
    this.opened--;
    if (wasAlive) slot.connection.quit();
    else slot.connection.close();
    this.waiters.shift()?.();
  }

  private connect(): Promise<Slot> {
    const connection = new SMTPConnection(this.connectionOptions);
    const slot: Slot = { connection, messages: 0, alive: true, busy: false, discarded: false };
    return new Promise<Slot>((resolve, reject) => {
      let settled = false;
      const fail = (err: unknown) => {
        slot.alive = false;
        if (settled) return;
        settled = true;
        slot.discarded = true; // never counted as open: acquire() gives its place back
        connection.close();
        reject(err);
      };
      // A send in progress hears about its error through its own callback; an idle connection
      // that errs or ends is simply not used again.
      connection.on("error", fail);
      connection.once("end", () => {
        fail(Object.assign(new Error("The mail server closed the connection"), { code: "ECONNECTION", command: "CONN" }));
        if (!slot.busy) this.discard(slot);
      });
      connection.connect((err) => {
        if (err) return fail(err);
        if (!this.auth) {
          settled = true;
          return resolve(slot);
        }
        connection.login(this.auth, (loginErr) => {
          if (loginErr) return fail(loginErr);
          settled = true;
          resolve(slot);
        });
      });
    });
  }
}
