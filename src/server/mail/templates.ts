import type { OutgoingMail } from "./transport";
import { escapeHtml } from "./html";

/** Links a subscriber mail carries; the one-click URL goes in the RFC 8058 headers. */
export interface UnsubscribeLinks {
  /** the public confirmation page */
  pageUrl: string;
  /** POST target for mail clients' one-click unsubscribe */
  oneClickUrl: string;
}

export function unsubscribeLinks(publicUrl: string, email: string, token: string): UnsubscribeLinks {
  const q = `email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
  return { pageUrl: `${publicUrl}/unsubscribe?${q}`, oneClickUrl: `${publicUrl}/api/unsubscribe?${q}` };
}

/** The link of a verification mail (the form's, and an import's). */
export function verifyUrl(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

/** The fan's own preferences page (issue 12): name, interests, region, unsubscribe, delete. */
export function preferencesUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/preferences?token=${encodeURIComponent(token)}`;
}

/**
 * The unsubscribe links of a mail that carries a preferences token but no unsubscribe token of
 * its own (the welcome mail): the page is the preferences page, the one-click POST goes to the
 * preferences API with the same token.
 */
export function preferencesUnsubscribeLinks(publicUrl: string, token: string): UnsubscribeLinks {
  return { pageUrl: preferencesUrl(publicUrl, token), oneClickUrl: `${publicUrl}/api/preferences/unsubscribe?token=${encodeURIComponent(token)}` };
}

export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function layout(bandName: string, bodyHtml: string, footerHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;letter-spacing:1px;text-transform:uppercase">${escapeHtml(bandName)}</h1>
${bodyHtml}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="font-size:12px;color:#666">${footerHtml}</p>
</div></body></html>`;
}

/**
 * Goes to an address nobody has confirmed yet, so it carries no text the visitor wrote (not
 * even their name): otherwise the form would send chosen words to any address in our name.
 */
export function verificationMail(o: { bandName: string; to: string; verifyUrl: string; unsubscribe: UnsubscribeLinks; addedByBand?: boolean }): OutgoingMail {
  const hello = "Hi,";
  // a fan a CSV import added never filled in our form: say who added them, and why (issue 21)
  const why = o.addedByBand
    ? `${o.bandName} added this address to their mailing list. Please confirm you want their news`
    : `Thanks for signing up for the ${o.bandName} mailing list. Please confirm your address`;
  const ifNot = o.addedByBand ? "If you do not want it, ignore this mail: nothing is sent to you unless you confirm." : "If you did not sign up, ignore this mail and you will not hear from us again.";
  const text = `${hello}

${why} by opening this link:

${o.verifyUrl}

The link works for 48 hours. ${ifNot}

Unsubscribe: ${o.unsubscribe.pageUrl}
`;
  const body = `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(why)}:</p>
<p><a href="${escapeHtml(o.verifyUrl)}" style="display:inline-block;background:#111;color:#fff;padding:10px 18px;text-decoration:none">Verify my email</a></p>
<p style="font-size:13px">Or open this link: ${escapeHtml(o.verifyUrl)}</p>
<p style="font-size:13px">The link works for 48 hours. ${escapeHtml(ifNot)}</p>`;
  const footer = `<a href="${escapeHtml(o.unsubscribe.pageUrl)}">Unsubscribe</a>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: o.addedByBand ? `${o.bandName} added you to their mailing list: please confirm` : `Confirm your subscription to ${o.bandName}`,
    html: layout(o.bandName, body, footer),
    text,
    headers: unsubscribeHeaders(o.unsubscribe),
  };
}

/** The footer of a mail to a fan: why they get it, their preferences page, unsubscribe. */
function fanFooter(why: string, links: { unsubscribe: UnsubscribeLinks; preferencesUrl: string | null }) {
  const prefsHtml = links.preferencesUrl ? `<a href="${escapeHtml(links.preferencesUrl)}">Your preferences</a> &middot; ` : "";
  const prefsText = links.preferencesUrl ? `\nYour preferences: ${links.preferencesUrl}` : "";
  return {
    html: `${escapeHtml(why)} ${prefsHtml}<a href="${escapeHtml(links.unsubscribe.pageUrl)}">Unsubscribe</a>`,
    text: `${why}${prefsText}\nUnsubscribe: ${links.unsubscribe.pageUrl}`,
  };
}

/** The band's own words to one fan (already sanitized): a newsletter, the welcome mail. */
interface BandWords {
  bandName: string;
  to: string;
  subject: string;
  contentHtml: string;
  contentText: string;
}

/**
 * The one envelope of a mail in the band's words: the words in the layout, then the footer
 * (in the HTML and after a "--" line in the text), and the one-click unsubscribe headers when
 * the mail has unsubscribe links.
 */
function bandWordsMail(o: BandWords, footer: { html: string; text: string }, unsubscribe: UnsubscribeLinks | null): OutgoingMail {
  return {
    to: o.to,
    fromName: o.bandName,
    subject: o.subject,
    html: layout(o.bandName, o.contentHtml, footer.html),
    text: `${o.contentText}\n\n--\n${footer.text}\n`,
    headers: unsubscribe ? unsubscribeHeaders(unsubscribe) : undefined,
  };
}

/**
 * A newsletter as one subscriber gets it; `contentHtml`/`contentText` are already sanitized.
 * A subscriber's mail carries their preferences link; a preview (no unsubscribe links) does not.
 */
export function newsletterMail(o: BandWords & { unsubscribe: UnsubscribeLinks | null; preferencesUrl?: string | null }): OutgoingMail {
  const footer = o.unsubscribe
    ? fanFooter(`You get this mail because you subscribed to ${o.bandName} news.`, { unsubscribe: o.unsubscribe, preferencesUrl: o.preferencesUrl ?? null })
    : {
        html: `Preview of a ${escapeHtml(o.bandName)} newsletter. Subscribers get a personal unsubscribe link here.`,
        text: `Preview of a ${o.bandName} newsletter. Subscribers get a personal unsubscribe link here.`,
      };
  return bandWordsMail(o, footer, o.unsubscribe);
}

/**
 * The one mail a fan gets when they confirm their address (issue 12): the admin's text
 * (already sanitized, see welcome-mail settings), their preferences link and unsubscribe.
 */
export function welcomeMail(o: BandWords & { preferencesToken: string; publicUrl: string }): OutgoingMail {
  const unsubscribe = preferencesUnsubscribeLinks(o.publicUrl, o.preferencesToken);
  const footer = fanFooter(`You get this mail because you confirmed your subscription to ${o.bandName} news.`, {
    unsubscribe,
    preferencesUrl: preferencesUrl(o.publicUrl, o.preferencesToken),
  });
  return bandWordsMail(o, footer, unsubscribe);
}

export function contactNotificationMail(o: { bandName: string; to: string; name: string | null; email: string; messageType: string; message: string; adminUrl: string }): OutgoingMail {
  const from = o.name ? `${o.name} <${o.email}>` : o.email;
  const text = `New ${o.messageType} message on the ${o.bandName} website.

From: ${from}

${o.message}

Inbox: ${o.adminUrl}
`;
  const body = `<p>New <b>${escapeHtml(o.messageType)}</b> message from ${escapeHtml(from)}:</p>
<blockquote style="white-space:pre-wrap;border-left:3px solid #ddd;margin:0;padding-left:12px">${escapeHtml(o.message)}</blockquote>
<p><a href="${escapeHtml(o.adminUrl)}">Open the inbox</a></p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `[${o.bandName}] New ${o.messageType} message from ${o.name || o.email}`,
    html: layout(o.bandName, body, "Sent by your band website."),
    text,
    replyTo: o.email,
  };
}

/**
 * The password reset link of an admin account (issue 13). It names the account (several may share
 * an address) and says what to do when nobody asked: the link alone changes nothing.
 */
export function passwordResetMail(o: { bandName: string; to: string; username: string; resetUrl: string; validMinutes: number }): OutgoingMail {
  const text = `Hi ${o.username},

Someone asked to reset the password of the admin account "${o.username}" on the ${o.bandName} website. To choose a new password, open this link:

${o.resetUrl}

The link works once, for ${o.validMinutes} minutes. Choosing a new password signs the account out everywhere.

If you did not ask for this, ignore this mail: your password stays as it is.
`;
  const body = `<p>Hi ${escapeHtml(o.username)},</p>
<p>Someone asked to reset the password of the admin account <b>${escapeHtml(o.username)}</b> on the ${escapeHtml(o.bandName)} website.</p>
<p><a href="${escapeHtml(o.resetUrl)}" style="display:inline-block;background:#111;color:#fff;padding:10px 18px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px">Or open this link: ${escapeHtml(o.resetUrl)}</p>
<p style="font-size:13px">The link works once, for ${o.validMinutes} minutes. Choosing a new password signs the account out everywhere.</p>
<p style="font-size:13px">If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Reset your ${o.bandName} admin password`,
    html: layout(o.bandName, body, "Sent by your band website."),
    text,
  };
}

/**
 * 'Tell fans near it' (issue 24): the words of the mail about a show near the fan, from the
 * announcement the composer drafts (date, venue, support, price or Free, ticket link) with an
 * add-to-calendar link; it goes out as a newsletter (its queue, its envelope, its rate).
 */
export function nearbyShowWords(o: { draft: { subject: string; content: string }; bandName: string; venue: string; calendarUrl: string }): { subject: string; content: string } {
  return {
    subject: `Near you: ${o.draft.subject.replace(/^New show: /, "")}`,
    content: [
      `<p>${escapeHtml(o.bandName)} is playing near you.</p>`,
      o.draft.content,
      `<p><a href="${escapeHtml(o.calendarUrl)}">Add to calendar</a></p>`,
    ].join("\n"),
  };
}
