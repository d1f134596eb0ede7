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
export function verificationMail(o: { bandName: string; to: string; verifyUrl: string; unsubscribe: UnsubscribeLinks }): OutgoingMail {
  const hello = "Hi,";
  const text = `${hello}

Thanks for signing up for the ${o.bandName} mailing list. Please confirm your address by opening this link:

${o.verifyUrl}

The link works for 48 hours. If you did not sign up, ignore this mail and you will not hear from us again.

Unsubscribe: ${o.unsubscribe.pageUrl}
`;
  const body = `<p>${escapeHtml(hello)}</p>
<p>Thanks for signing up for the ${escapeHtml(o.bandName)} mailing list. Please confirm your address:</p>
<p><a href="${escapeHtml(o.verifyUrl)}" style="display:inline-block;background:#111;color:#fff;padding:10px 18px;text-decoration:none">Verify my email</a></p>
<p style="font-size:13px">Or open this link: ${escapeHtml(o.verifyUrl)}</p>
<p style="font-size:13px">The link works for 48 hours. If you did not sign up, ignore this mail and you will not hear from us again.</p>`;
  const footer = `<a href="${escapeHtml(o.unsubscribe.pageUrl)}">Unsubscribe</a>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Confirm your subscription to ${o.bandName}`,
    html: layout(o.bandName, body, footer),
    text,
    headers: unsubscribeHeaders(o.unsubscribe),
  };
}

/** A newsletter as one subscriber gets it; `contentHtml`/`contentText` are already sanitized. */
export function newsletterMail(o: { bandName: string; to: string; subject: string; contentHtml: string; contentText: string; unsubscribe: UnsubscribeLinks | null }): OutgoingMail {
  const footerHtml = o.unsubscribe
    ? `You get this mail because you subscribed to ${escapeHtml(o.bandName)} news. <a href="${escapeHtml(o.unsubscribe.pageUrl)}">Unsubscribe</a>`
    : `Preview of a ${escapeHtml(o.bandName)} newsletter. Subscribers get a personal unsubscribe link here.`;
  const footerText = o.unsubscribe
    ? `You get this mail because you subscribed to ${o.bandName} news.\nUnsubscribe: ${o.unsubscribe.pageUrl}`
    : `Preview of a ${o.bandName} newsletter. Subscribers get a personal unsubscribe link here.`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: o.subject,
    html: layout(o.bandName, o.contentHtml, footerHtml),
    text: `${o.contentText}\n\n--\n${footerText}\n`,
    headers: o.unsubscribe ? unsubscribeHeaders(o.unsubscribe) : undefined,
  };
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
