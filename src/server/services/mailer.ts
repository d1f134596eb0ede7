import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { createMailer, type Mailer, type OutgoingMail } from "../mail/transport";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's mail transport (SMTP pool or .eml files), opened on first send. */
    mailer: AppMailer;
  }
}

export interface AppMailer extends Mailer {
  /** Keeps a background send in view, so the app's close waits for it (see sendInBackground). */
  track(task: Promise<unknown>): void;
  /** Resolves once every tracked send has finished, however it ended. */
  settled(): Promise<void>;
}

/** A mailer whose transport is made on first use, so apps that never send mail open no SMTP pool. */
function lazyMailer(config: AppConfig, log: FastifyInstance["log"]): AppMailer {
  let transport: Mailer | null = null;
  const open = () => (transport ??= createMailer(config, log));
  const pending = new Set<Promise<unknown>>();
  return {
    track(task) {
      const settled = task.then(
        () => {},
        () => {},
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    kind: config.SMTP_URL ? "smtp" : "file",
    send: (mail) => open().send(mail),
    // only SMTP can send a message composed beforehand (a newsletter, composed once for all its fans)
    ...(config.SMTP_URL ? { sendRaw: (envelope: { from: string; to: string }, raw: Buffer) => open().sendRaw!(envelope, raw) } : {}),
    close() {
      transport?.close();
      transport = null;
    },
  };
}

/**
 * Decorates `app.mailer`. The app's close waits for the background sends, then closes the
 * transport. A module that sends through it (the newsletter workers) is decorated later, so its
 * close hook runs first (hooks close in the reverse order of their registration).
 */
export const mailServices = fp(
  async (app: FastifyInstance) => {
    const mailer = lazyMailer(app.config, app.log);
    app.decorate("mailer", mailer);
    app.addHook("onClose", async () => {
      await mailer.settled();
      mailer.close();
    });
  },
  { name: "mail-services" },
);

/**
 * Sends without making the caller wait or fail: public forms answer at once (and in the same
 * time whether or not a mail goes out, so the answer reveals nothing); failures are logged. The
 * app's close waits for it, so no mail is written into a data dir that is being removed.
 */
export function sendInBackground(app: FastifyInstance, build: () => Promise<OutgoingMail | OutgoingMail[] | null>, what: string) {
  const task = (async () => {
    const mails = await build();
    if (!mails) return;
    for (const mail of Array.isArray(mails) ? mails : [mails]) await app.mailer.send(mail);
  })().catch((err) => app.log.error({ err }, `${what}: mail not sent`));
  app.mailer.track(task);
}
