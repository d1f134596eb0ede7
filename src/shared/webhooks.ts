/**
 * The events the site tells webhook endpoints of (issue 26, modules/webhooks, decision 040), in
 * the order the Notifications page lists them, each with the words it shows.
 */
export const WEBHOOK_EVENTS = [
  "message.received",
  "subscriber.confirmed",
  "subscriber.unsubscribed",
  "show.created",
  "show.updated",
  "newsletter.sent",
  "release.published",
  "backup.failed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event a 'Send test' delivers (whatever events the endpoint wants). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "message.received": "A message arrives (general, booking, press)",
  "subscriber.confirmed": "A fan confirms their subscription",
  "subscriber.unsubscribed": "A fan unsubscribes",
  "show.created": "A show is added",
  "show.updated": "A show changes (status, date, venue...)",
  "newsletter.sent": "A newsletter has gone out",
  "release.published": "A release is published",
  "backup.failed": "A scheduled backup failed",
};

/** How bodies are written for an endpoint: signed JSON, or a chat's own incoming-webhook message. */
export const WEBHOOK_FORMATS = ["standard", "discord", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Discord and Slack incoming-webhook URLs, recognised so they get a readable message in their
 * own format instead of the raw JSON (they ignore the signature headers).
 */
export function chatFormatOf(url: string): WebhookFormat {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "standard";
  }
  const host = u.hostname.toLowerCase();
  if (/^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/.test(host) && u.pathname.startsWith("/api/webhooks/")) return "discord";
  if (host === "hooks.slack.com" && u.pathname.startsWith("/services/")) return "slack";
  return "standard";
}
