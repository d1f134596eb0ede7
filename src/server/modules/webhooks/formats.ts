import { formatDate } from "@shared/format";
import { SHOW_STATUS_LABELS, type ShowStatus } from "@shared/show-status";
import type { WebhookFormat } from "@shared/webhooks";

/*
 * How an event is written for a chat (issue 26): Discord's and Slack's incoming webhooks take a
 * message, not our JSON, so they get a sentence in a band's words ('New booking inquiry from
 * Jane Doe') with a link. A fan's message text is in it only when the endpoint's admin chose to
 * include it (services/webhook-events.ts already left it out of the body otherwise). Fans'
 * words cannot ping anyone: Discord is told to parse no mentions, Slack's control characters
 * (<, >, &) are escaped.
 */

interface EventBody {
  type: string;
  timestamp: string;
  data: Record<string, any>;
}

const INQUIRY: Record<string, string> = { general: "New message", booking: "New booking inquiry", press: "New press inquiry" };
const statusLabel = (s: unknown) => SHOW_STATUS_LABELS[s as ShowStatus] ?? String(s);

/** One part of a sentence: plain words or something a person typed (escaped for the chat). */
type Part = string | { fan: string };

/** The sentence (and an optional quote and link) that tells the event, before the chat's escaping. */
export function eventWords(event: EventBody, bandName: string): { line: Part[]; quote?: string; link?: string } {
  const d = event.data ?? {};
  switch (event.type) {
    case "message.received": {
      const who = d.name ? [{ fan: String(d.name) }, " (", { fan: String(d.email) }, ")"] : [{ fan: String(d.email) }];
      return { line: [`${INQUIRY[d.messageType] ?? "New message"} from `, ...who], quote: typeof d.message === "string" ? d.message : undefined, link: d.url };
    }
    case "subscriber.confirmed":
      return { line: ["New subscriber on the mailing list: ", ...(d.name ? [{ fan: String(d.name) }, " ("] : []), { fan: String(d.email) }, ...(d.name ? [")"] : [])] };
    case "subscriber.unsubscribed":
      return { line: [{ fan: String(d.email) }, " unsubscribed from the mailing list"] };
    case "show.created": {
      const s = d.show ?? {};
      return { line: [`Show added: ${s.venue}, ${s.location} on ${formatDate(s.date)} at ${s.time}`], link: s.url };
    }
    case "show.updated": {
      const s = d.show ?? {};
      const changes = (d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      const where = `The show at ${s.venue} on ${formatDate(s.date)}`;
      if (changes.status) {
        const others = Object.keys(changes).filter((k) => k !== "status");
        return { line: [`${where} is now ${statusLabel(changes.status.to)} (was ${statusLabel(changes.status.from)})${others.length ? `; also changed: ${others.join(", ")}` : ""}`], link: s.url };
      }
      const said = Object.entries(changes).map(([k, c]) => `${k} ${k === "date" ? formatDate(String(c.from)) : String(c.from ?? "none")} → ${k === "date" ? formatDate(String(c.to)) : String(c.to ?? "none")}`);
      return { line: [`${where} changed: ${said.join(", ") || "details updated"}`], link: s.url };
    }
    case "newsletter.sent": {
      const problems = [d.failed ? `${d.failed} failed` : "", d.unknown ? `${d.unknown} unknown` : ""].filter(Boolean).join(", ");
      return { line: [`Newsletter "`, { fan: String(d.subject) }, `" went out to ${d.sent} of ${d.recipients} fans${problems ? ` (${problems})` : ""}`] };
    }
    case "release.published":
      return { line: ["New release published: ", { fan: String(d.title) }], link: d.url };
    case "backup.failed":
      return { line: [`The ${d.kind ?? "scheduled"} backup failed: `, { fan: String(d.error) }] };
    case "webhook.test":
      return { line: [`Test notification from the ${bandName} website: this channel will be told of what you chose.`] };
    default:
      return { line: [`${event.type} on the ${bandName} website`] };
  }
}

function discordEscape(s: string): string {
  return s.replace(/([\\*_~`|>#[\]()-])/g, "\\$1").replace(/@/g, "@\u200b");
}

function slackEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The body to send an endpoint of `format`: the event JSON itself for a standard one, the chat's message otherwise. */
export function bodyFor(format: WebhookFormat, eventJson: string, bandName: string): string {
  if (format === "standard") return eventJson;
  const event = JSON.parse(eventJson) as EventBody;
  const words = eventWords(event, bandName);
  if (format === "discord") {
    const line = words.line.map((p) => (typeof p === "string" ? p : discordEscape(p.fan))).join("");
    const quote = words.quote ? `\n${clip(words.quote, 1500).split("\n").map((l) => `> ${discordEscape(l)}`).join("\n")}` : "";
    const link = words.link ? `\n<${words.link}>` : "";
    // allowed_mentions: nobody, whatever a fan typed (@everyone, <@id>)
    return JSON.stringify({ content: clip(`${line}${quote}${link}`, 2000), allowed_mentions: { parse: [] } });
  }
  const line = words.line.map((p) => (typeof p === "string" ? slackEscape(p) : slackEscape(p.fan))).join("");
  const quote = words.quote ? `\n${clip(words.quote, 2500).split("\n").map((l) => `> ${slackEscape(l)}`).join("\n")}` : "";
  const link = words.link ? `\n<${words.link}|Open>` : "";
  return JSON.stringify({ text: clip(`${line}${quote}${link}`, 3900) });
}
