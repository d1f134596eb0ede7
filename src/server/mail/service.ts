import type { FastifyInstance } from "fastify";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import { getSetting } from "../modules/settings/repository";
import { createMailer, type Mailer, type OutgoingMail } from "./transport";

/**
 * One mailer per app (keyed by its database handle, which every plugin scope shares), made on
 * first use so that apps which never send mail open no SMTP pool. Call `closeMail` on close.
 */
const mailers = new WeakMap<object, Mailer>();

export function getMailer(app: FastifyInstance): Mailer {
  let mailer = mailers.get(app.database);
  if (!mailer) {
    mailer = createMailer(app.config, app.log);
    mailers.set(app.database, mailer);
  }
  return mailer;
}

export function closeMail(app: FastifyInstance) {
  const mailer = mailers.get(app.database);
  mailers.delete(app.database);
  mailer?.close();
}

/** Registers closing the mailer when the app closes (safe to call from several plugins). */
export function closeMailOnShutdown(app: FastifyInstance) {
  app.addHook("onClose", async () => closeMail(app));
}

export async function bandName(app: FastifyInstance): Promise<string> {
  return (await getSetting(app.db, "band-name"))?.trim() || DEFAULT_BAND_NAME;
}

/**
 * Sends without making the caller wait or fail: public forms answer at once (and in the same
 * time whether or not a mail goes out, so the answer reveals nothing); failures are logged.
 */
export function sendInBackground(app: FastifyInstance, build: () => Promise<OutgoingMail | OutgoingMail[] | null>, what: string) {
  void (async () => {
    const mails = await build();
    if (!mails) return;
    for (const mail of Array.isArray(mails) ? mails : [mails]) await getMailer(app).send(mail);
  })().catch((err) => app.log.error({ err }, `${what}: mail not sent`));
}
