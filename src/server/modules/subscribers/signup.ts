import type { FastifyInstance, FastifyRequest } from "fastify";
import { unsubscribeLinks, verificationMail, verifyUrl } from "../../mail/templates";
import { sendInBackground } from "../../services/mailer";
import { bandName } from "../../services/settings";
import { INTERNAL_SOURCE, visitSource } from "../stats/sources";
import { subscribe, type SubscribeRequest } from "./repository";

/**
 * Where a fan signed up (issue 23): the page the form sent (posted without JavaScript: the path of
 * the Referer when it is this site) and the source of that visit, named as the stats name it.
 * 'unknown' when the form could not say (no referrer sent, or only one of the site's own pages).
 */
export function signupOrigin(request: FastifyRequest<{ Body: { page?: string; referrer?: string } }>, siteHost: string) {
  const hosts = [siteHost, request.host.toLowerCase()];
  let page = request.body.page?.startsWith("/") ? request.body.page : undefined;
  if (!page) {
    try {
      const from = new URL(request.headers.referer ?? "");
      if (hosts.includes(from.host.toLowerCase())) page = from.pathname + from.search;
    } catch {
      // no page known
    }
  }
  const origin = visitSource(page ?? "/", request.body.referrer ?? "", hosts);
  const known = request.body.referrer !== undefined || /[?&]utm_source=/.test(page ?? "");
  return { signupPage: page ? origin.path : null, signupSource: known && origin.source !== INTERNAL_SOURCE ? origin.source : "unknown" };
}

/**
 * The mailing list's signup (double opt-in): stores or refreshes the pending subscription and,
 * when one is due, sends the verification mail in the background. The signup form and the
 * 'also join the mailing list' tick of an RSVP (modules/rsvps) both come here, so a fan joins
 * the list one way only. It answers nothing: the caller's answer is the same either way.
 */
export async function signUpFan(app: FastifyInstance, req: SubscribeRequest): Promise<void> {
  const tokens = await subscribe(app.db, req);
  if (!tokens) return;
  sendInBackground(
    app,
    async () =>
      verificationMail({
        bandName: await bandName(app),
        to: req.email,
        verifyUrl: verifyUrl(app.config.PUBLIC_URL, req.email, tokens.verifyToken),
        unsubscribe: unsubscribeLinks(app.config.PUBLIC_URL, req.email, tokens.unsubscribeToken),
      }),
    "verification",
  );
}
