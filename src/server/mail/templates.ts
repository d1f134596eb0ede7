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
 * What forgot-password mails a deactivated admin account instead of a link (Admin > Users): a
 * new password would not let them in, so they are told whom to ask. Only the address's owner
 * reads it, so the site's answer stays the same for every address.
 */
export function accountDeactivatedMail(o: { bandName: string; to: string; username: string }): OutgoingMail {
  const text = `Hi ${o.username},

Someone asked to reset the password of the admin account "${o.username}" on the ${o.bandName} website. That account is deactivated, so a new password would not let it sign in.

Another admin of the band can activate it again in Admin > Users; then "Forgot password?" sends a reset link.

If you did not ask for this, ignore this mail.
`;
  const body = `<p>Hi ${escapeHtml(o.username)},</p>
<p>Someone asked to reset the password of the admin account <b>${escapeHtml(o.username)}</b> on the ${escapeHtml(o.bandName)} website. That account is deactivated, so a new password would not let it sign in.</p>
<p>Another admin of the band can activate it again in Admin &gt; Users; then "Forgot password?" sends a reset link.</p>
<p style="font-size:13px">If you did not ask for this, ignore this mail.</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Your ${o.bandName} admin account is deactivated`,
    html: layout(o.bandName, body, "Sent by your band website."),
    text,
  };
}

/**
 * A show's presale code (issue 24), to a confirmed fan whose address asked for it on the site.
 * Only a fan on the list gets it: an address nobody confirmed gets nothing, so the form can't
 * be used to mail strangers. Every value is the band's (the show) or ours; the requester's
 * words are in none of it. `startsAt` / `onSaleAt` are already worded ('Mar 1, 2031 10:00 AM
 * EST'); null: the presale is on now / no general on-sale date to mention.
 */
export function presaleCodeMail(o: {
  bandName: string;
  to: string;
  venue: string;
  location: string;
  /** 'Sat, Mar 8, 2031' */
  day: string;
  time: string;
  code: string;
  startsAt: string | null;
  onSaleAt: string | null;
  ticketUrl: string | null;
  showsUrl: string;
}): OutgoingMail {
  const show = `${o.bandName} at ${o.venue}, ${o.location} on ${o.day} (${o.time})`;
  const when = o.startsAt ? `The presale starts ${o.startsAt}.` : "The presale is on now.";
  const everyone = o.onSaleAt ? ` Tickets go on sale to everyone ${o.onSaleAt}.` : "";
  const tickets = o.ticketUrl ? `Get tickets: ${o.ticketUrl}` : `The ticket link will be on ${o.showsUrl}`;
  const keep = "The code is for the mailing list: please keep it to yourself.";
  const why = `You get this mail because this address, which is on the ${o.bandName} mailing list, asked for the code on our website. If that wasn't you, you can ignore it.`;
  const text = `Hi,

Here is the mailing list's presale code for ${show}:

    ${o.code}

${when}${everyone}
${tickets}

${keep}

--
${why}
`;
  const link = o.ticketUrl
    ? `<p><a href="${escapeHtml(o.ticketUrl)}" style="display:inline-block;background:#111;color:#fff;padding:10px 18px;text-decoration:none">Get tickets</a></p>
<p style="font-size:13px">Or open this link: ${escapeHtml(o.ticketUrl)}</p>`
    : `<p>The ticket link will be on <a href="${escapeHtml(o.showsUrl)}">${escapeHtml(o.showsUrl)}</a>.</p>`;
  const body = `<p>Hi,</p>
<p>Here is the mailing list's presale code for <b>${escapeHtml(o.bandName)}</b> at <b>${escapeHtml(o.venue)}</b>, ${escapeHtml(o.location)} on ${escapeHtml(o.day)} (${escapeHtml(o.time)}):</p>
<p style="font-family:Consolas,Menlo,monospace;font-size:22px;letter-spacing:2px;border:2px dashed #111;padding:12px 16px;display:inline-block">${escapeHtml(o.code)}</p>
<p>${escapeHtml(when + everyone)}</p>
${link}
<p style="font-size:13px">${escapeHtml(keep)}</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Your presale code: ${o.bandName} at ${o.venue}, ${o.day}`,
    html: layout(o.bandName, body, escapeHtml(why)),
    text,
  };
}

/** A show as the RSVP mails name it (issue 24), its day already worded ('Saturday, Dec 8, 2026'). */
export interface ShowInMail {
  venue: string;
  location: string;
  day: string;
  /** the show's time as the band wrote it ('8:00 PM', 'Doors 7, music 8') */
  time: string;
}

const mailButton = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#111;color:#fff;padding:10px 18px;text-decoration:none">${escapeHtml(label)}</a></p>`;
const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");

/**
 * The link that confirms an RSVP ('I'm going'). Like the list's verification mail it goes to an
 * address nobody has confirmed yet, so it carries nothing the visitor typed, not even a name.
 */
export function rsvpConfirmMail(o: { bandName: string; to: string; show: ShowInMail; confirmUrl: string; validHours: number }): OutgoingMail {
  const what = `${o.bandName} at ${o.show.venue}, ${o.show.location} on ${o.show.day}`;
  const asked = `Someone, we hope you, said they're going to see ${what}. To confirm, open this link`;
  const ifNot = "If it wasn't you, ignore this mail: nothing happens unless you confirm, and you won't hear from us about it again.";
  const text = `Hi,

${asked}:

${o.confirmUrl}

The link works for ${o.validHours} hours. Once you confirm, we'll send you a reminder the day before the show, and tell you if anything about it changes.

${ifNot}
`;
  const body = `<p>Hi,</p>
<p>${escapeHtml(asked)}:</p>
${mailButton(o.confirmUrl, "Yes, I'm going")}
<p style="font-size:13px">Or open this link: ${escapeHtml(o.confirmUrl)}</p>
<p style="font-size:13px">The link works for ${o.validHours} hours. Once you confirm, we'll send you a reminder the day before the show, and tell you if anything about it changes.</p>
<p style="font-size:13px">${escapeHtml(ifNot)}</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Confirm you're going: ${o.bandName} at ${o.show.venue}, ${o.show.day}`,
    html: layout(o.bandName, body, `Sent by the ${escapeHtml(o.bandName)} website because this address was given for a show.`),
    text,
  };
}

const rsvpFooter = (bandName: string) => `You get this mail because you said you're going to this show on the ${bandName} website.`;
/** 'Can't make it?' under a reminder or a notice: the link takes the fan's name off the show's list. */
const CANT_MAKE_IT = "Can't make it? Take your name off the list";
const leaveText = (leaveUrl: string | null) => (leaveUrl ? `\n${CANT_MAKE_IT}: ${leaveUrl}\n` : "");
const leaveHtml = (leaveUrl: string | null) => (leaveUrl ? `<p style="font-size:13px"><a href="${escapeHtml(leaveUrl)}">${escapeHtml(CANT_MAKE_IT)}</a></p>` : "");
const hello = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : "Hi,");

/**
 * The reminder the day before the show (to a confirmed RSVP): when, where, tickets, and the show
 * as a calendar file (`ics`, the calendar module's own iCalendar).
 */
export function rsvpReminderMail(o: { bandName: string; to: string; name: string | null; show: ShowInMail; ticketUrl: string | null; soldOut: boolean; showsUrl: string; ics: string; leaveUrl: string | null }): OutgoingMail {
  const tickets = o.ticketUrl ? `Tickets: ${o.ticketUrl}` : o.soldOut ? "Tickets: sold out" : "Tickets: at the door";
  const lines = [
    `See you tomorrow! ${o.bandName} plays ${o.show.venue}, ${o.show.location}.`,
    `When: ${o.show.day}, ${o.show.time}`,
    `Where: ${o.show.venue}, ${o.show.location}`,
    tickets,
    "The show is attached as a calendar file, to add to your calendar.",
  ];
  const text = `${hello(o.name)}

${lines.join("\n")}

All our shows: ${o.showsUrl}
${leaveText(o.leaveUrl)}
--
${rsvpFooter(o.bandName)}
`;
  const ticketHtml = o.ticketUrl ? mailButton(o.ticketUrl, "Tickets") : "";
  const body = `<p>${escapeHtml(hello(o.name))}</p>
<p><b>${escapeHtml(lines[0])}</b></p>
<p>${escapeHtml(lines[1])}<br>${escapeHtml(lines[2])}<br>${escapeHtml(tickets)}</p>
${ticketHtml}
<p style="font-size:13px">${escapeHtml(lines[4])} <a href="${escapeHtml(o.showsUrl)}">All our shows</a></p>
${leaveHtml(o.leaveUrl)}`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Tomorrow: ${o.bandName} at ${o.show.venue}`,
    html: layout(o.bandName, body, escapeHtml(rsvpFooter(o.bandName))),
    text,
    attachments: [{ filename: "show.ics", content: o.ics, contentType: "text/calendar; charset=utf-8" }],
  };
}

/** What changed about a show since a fan who is going was last told. */
export type ShowChange = "cancelled" | "postponed" | "moved" | "on-again";

/**
 * A show someone is going to was cancelled, postponed or moved (or is on again after that): told
 * once per change, by the RSVP module's round. `was` is the show as the fan last heard of it.
 */
export function rsvpNoticeMail(o: { bandName: string; to: string; name: string | null; change: ShowChange; was: ShowInMail; now: ShowInMail; showsUrl: string; leaveUrl: string | null }): OutgoingMail {
  const { was, now, bandName } = o;
  const where = (s: ShowInMail) => `${s.venue}, ${s.location}`;
  const words: Record<ShowChange, { subject: string; lines: string[] }> = {
    cancelled: {
      subject: `Cancelled: ${bandName} at ${was.venue}, ${was.day}`,
      lines: [`The show at ${where(was)} on ${was.day} is cancelled.`, "We're sorry. We hope to see you at another show soon."],
    },
    postponed: {
      subject: `Postponed: ${bandName} at ${was.venue}, ${was.day}`,
      lines: [`The show at ${where(was)} on ${was.day} is postponed.`, "We'll write to you again when it has a new date."],
    },
    moved: {
      subject: `Moved: ${bandName} at ${was.venue}, now ${now.day} at ${now.venue}`,
      lines: [`The show at ${was.venue} on ${was.day} has moved to ${now.day} at ${now.venue}.`, `When: ${now.day}, ${now.time}`, `Where: ${where(now)}`, "You're still on the list for it."],
    },
    "on-again": {
      subject: `Back on: ${bandName} at ${now.venue}, ${now.day}`,
      lines: [`Good news: the show at ${now.venue} is on again.`, `When: ${now.day}, ${now.time}`, `Where: ${where(now)}`, "You're still on the list for it."],
    },
  };
  const { subject, lines } = words[o.change];
  const text = `${hello(o.name)}

${lines.join("\n")}

All our shows: ${o.showsUrl}
${leaveText(o.leaveUrl)}
--
${rsvpFooter(bandName)}
`;
  const body = `<p>${escapeHtml(hello(o.name))}</p>
${paragraphs(lines)}
<p><a href="${escapeHtml(o.showsUrl)}">All our shows</a></p>
${leaveHtml(o.leaveUrl)}`;
  return { to: o.to, fromName: bandName, subject, html: layout(bandName, body, escapeHtml(rsvpFooter(bandName))), text };
}

/**
 * 'Tell fans near it' (issue 24): the words of the mail about a show near the fan, from the
 * announcement the composer drafts (date, venue, support, price or Free, ticket link) with an
 * add-to-calendar link; it goes out as a newsletter (its queue, its envelope, its rate).
 */
/**
 * The presale code sent by itself to fans near a show when its presale starts (issue 24): a
 * newsletter's subject and content (the newsletter's envelope adds the greeting and the footer).
 */
export function presaleNearbyWords(o: { bandName: string; venue: string; location: string; day: string; time: string; code: string; onSaleAt: string | null; ticketUrl: string | null; showsUrl: string }): { subject: string; content: string } {
  const everyone = o.onSaleAt ? ` Tickets go on sale to everyone ${o.onSaleAt}.` : "";
  const tickets = o.ticketUrl
    ? `<p><a href="${escapeHtml(o.ticketUrl)}">Get tickets</a></p>`
    : `<p>The ticket link will be on <a href="${escapeHtml(o.showsUrl)}">${escapeHtml(o.showsUrl)}</a>.</p>`;
  return {
    subject: `Presale code: ${o.bandName} at ${o.venue}, ${o.day}`,
    content: [
      `<p>The mailing list's presale for <strong>${escapeHtml(o.bandName)}</strong> at <strong>${escapeHtml(o.venue)}</strong>, ${escapeHtml(o.location)} on ${escapeHtml(o.day)} (${escapeHtml(o.time)}) is on now, and you are near it. Your code:</p>`,
      `<p><strong>${escapeHtml(o.code)}</strong></p>`,
      `<p>${escapeHtml(`The code is for the mailing list: please keep it to yourself.${everyone}`)}</p>`,
      tickets,
    ].join("\n"),
  };
}

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

/**
 * An admin told that a webhook endpoint was paused after a day of failed deliveries (issue 26,
 * modules/webhooks). Names the endpoint by its host only (a chat's webhook URL holds its token).
 */
export function webhookPausedMail(o: { bandName: string; to: string; host: string; lastError: string | null; settingsUrl: string }): OutgoingMail {
  const why = o.lastError ? `The last attempt: ${o.lastError}.` : "";
  const text = `Deliveries to the webhook endpoint at ${o.host} have failed for a day, so it is paused: no new events are queued for it.
${why ? `\n${why}\n` : ""}
Once it works again, resume it under Settings > Notifications: ${o.settingsUrl}
`;
  const body = `<p>Deliveries to the webhook endpoint at <b>${escapeHtml(o.host)}</b> have failed for a day, so it is paused: no new events are queued for it.</p>
${why ? `<p>${escapeHtml(why)}</p>` : ""}
<p>Once it works again, resume it under <a href="${escapeHtml(o.settingsUrl)}">Settings &gt; Notifications</a>.</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `[${o.bandName}] Webhook to ${o.host} paused after a day of failures`,
    html: layout(o.bandName, body, "Sent by your band website."),
    text,
  };
}

/** A release as its mails name it (issue 25): 'the new EP Static Season', out when. */
export interface ReleaseInMail {
  title: string;
  /** 'single', 'EP', 'album' */
  kind: string;
  /** 'Friday, Dec 4, 2026 12:00 AM EST' */
  outAt: string;
  pageUrl: string;
}

/**
 * The link that confirms 'E-mail me when it is out' (issue 25). It goes to an address nobody has
 * confirmed yet, so it carries nothing the visitor typed.
 */
export function releaseNotifyConfirmMail(o: { bandName: string; to: string; release: ReleaseInMail; confirmUrl: string; validHours: number }): OutgoingMail {
  const asked = `Someone, we hope you, asked to be told when ${o.bandName}'s new ${o.release.kind} "${o.release.title}" is out (${o.release.outAt}). To confirm, open this link`;
  const ifNot = "If it wasn't you, ignore this mail: nothing happens unless you confirm, and you won't hear from us about it again.";
  const after = "Once you confirm, we'll send you one mail the minute it's out, with the links to listen. That's all: it does not put you on our mailing list.";
  const text = `Hi,\n\n${asked}:\n\n${o.confirmUrl}\n\nThe link works for ${o.validHours} hours. ${after}\n\n${ifNot}\n`;
  const body = `<p>Hi,</p>
<p>${escapeHtml(asked)}:</p>
${mailButton(o.confirmUrl, "Yes, tell me when it's out")}
<p style="font-size:13px">Or open this link: ${escapeHtml(o.confirmUrl)}</p>
<p style="font-size:13px">The link works for ${o.validHours} hours. ${escapeHtml(after)}</p>
<p style="font-size:13px">${escapeHtml(ifNot)}</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Confirm: tell me when ${o.release.title} is out`,
    html: layout(o.bandName, body, `Sent by the ${escapeHtml(o.bandName)} website because this address was given on a release's page.`),
    text,
  };
}

/** The one 'out now' mail to a confirmed address, with a link per service and the release's page. */
export function releaseOutMail(o: { bandName: string; to: string; release: ReleaseInMail; links: { label: string; url: string }[] }): OutgoingMail {
  const intro = `${o.bandName}'s new ${o.release.kind} "${o.release.title}" is out now.`;
  const listen = o.links.length ? "Listen where you like:" : "Listen on our site:";
  const why = `You get this one mail because you asked to be told when "${o.release.title}" came out. We won't write about it again.`;
  const text = [
    "Hi,",
    "",
    intro,
    "",
    listen,
    ...o.links.map((l) => `${l.label}: ${l.url}`),
    "",
    `Everything about it: ${o.release.pageUrl}`,
    "",
    "--",
    why,
    "",
  ].join("\n");
  const buttons = o.links.map((l) => mailButton(l.url, l.label)).join("\n");
  const body = `<p>Hi,</p>
<p><b>${escapeHtml(intro)}</b></p>
<p>${escapeHtml(listen)}</p>
${buttons}
<p>Everything about it: <a href="${escapeHtml(o.release.pageUrl)}">${escapeHtml(o.release.pageUrl)}</a></p>`;
  return { to: o.to, fromName: o.bandName, subject: `Out now: ${o.release.title}`, html: layout(o.bandName, body, escapeHtml(why)), text };
}

/** The link that confirms an address for the free download; confirming also puts it on the mailing list, as the form said. */
export function releaseDownloadConfirmMail(o: { bandName: string; to: string; release: ReleaseInMail; confirmUrl: string; validHours: number }): OutgoingMail {
  const asked = `Someone, we hope you, asked for the free download of "${o.release.title}" by ${o.bandName}. To confirm your address and get it, open this link`;
  const list = `Confirming also puts you on the ${o.bandName} mailing list (new music first; one click unsubscribes).`;
  const ifNot = "If it wasn't you, ignore this mail: nothing happens unless you confirm.";
  const text = `Hi,\n\n${asked}:\n\n${o.confirmUrl}\n\nThe link works for ${o.validHours} hours. ${list}\n\n${ifNot}\n`;
  const body = `<p>Hi,</p>
<p>${escapeHtml(asked)}:</p>
${mailButton(o.confirmUrl, "Confirm and download")}
<p style="font-size:13px">Or open this link: ${escapeHtml(o.confirmUrl)}</p>
<p style="font-size:13px">The link works for ${o.validHours} hours. ${escapeHtml(list)}</p>
<p style="font-size:13px">${escapeHtml(ifNot)}</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Your free download: confirm your address`,
    html: layout(o.bandName, body, `Sent by the ${escapeHtml(o.bandName)} website because this address asked for a free download.`),
    text,
  };
}

/** The personal download link, once the address is confirmed. */
export function releaseDownloadLinkMail(o: { bandName: string; to: string; release: ReleaseInMail; downloadUrl: string; uses: number; days: number }): OutgoingMail {
  const intro = `Thanks for joining the ${o.bandName} mailing list. Here is your download of "${o.release.title}":`;
  const terms = `The link is yours: it works ${o.uses} times over the next ${o.days} days.`;
  const text = `Hi,\n\n${intro}\n\n${o.downloadUrl}\n\n${terms}\n\nThe release's page: ${o.release.pageUrl}\n`;
  const body = `<p>Hi,</p>
<p>${escapeHtml(intro)}</p>
${mailButton(o.downloadUrl, "Download")}
<p style="font-size:13px">Or open this link: ${escapeHtml(o.downloadUrl)}</p>
<p style="font-size:13px">${escapeHtml(terms)}</p>`;
  return {
    to: o.to,
    fromName: o.bandName,
    subject: `Your download: ${o.release.title}`,
    html: layout(o.bandName, body, `Sent by the ${escapeHtml(o.bandName)} website because this address confirmed a free download.`),
    text,
  };
}
