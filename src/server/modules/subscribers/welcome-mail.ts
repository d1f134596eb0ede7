import type { FastifyInstance } from "fastify";
import { defaultWelcomeContent, defaultWelcomeSubject } from "@shared/welcome-mail";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { welcomeMail } from "../../mail/templates";
import type { OutgoingMail } from "../../mail/transport";
import { sendInBackground } from "../../services/mailer";
import { bandName, getSettings } from "../../services/settings";

/**
 * The welcome mail as it goes to `to` now: the admin's subject and content (sanitized like a
 * newsletter, so the admin's HTML subset is all a fan ever gets), or the built-in texts.
 */
export async function buildWelcomeMail(app: FastifyInstance, to: string, preferencesToken: string): Promise<OutgoingMail> {
  const [band, stored] = await Promise.all([bandName(app), getSettings(app.db, ["welcome-subject", "welcome-content"])]);
  const subject = stored["welcome-subject"]?.trim() || defaultWelcomeSubject(band);
  const contentHtml = sanitizeNewsletterHtml(stored["welcome-content"]?.trim() || defaultWelcomeContent(band));
  return welcomeMail({ bandName: band, to, subject, contentHtml, contentText: htmlToText(contentHtml), preferencesToken, publicUrl: app.config.PUBLIC_URL });
}

/** Sends it without making the verify request wait (a failure is logged, never resent). */
export function sendWelcomeMail(app: FastifyInstance, to: string, preferencesToken: string) {
  sendInBackground(app, () => buildWelcomeMail(app, to, preferencesToken), "welcome");
}
