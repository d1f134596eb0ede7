/** Webhook endpoints and their deliveries (issue 26): Admin > Settings > Notifications. */
export type { Webhook, WebhookDelivery, WebhookInput, WebhookUpdate } from "../schemas/webhooks";
export { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEvent } from "../webhooks";

export const webhooksApi = {
  /** GET (each endpoint with its latest deliveries), POST { url, events } -> { id, secret } */
  list: "/api/admin/webhooks",
  /** PUT, DELETE */
  item: (id: number) => `/api/admin/webhooks/${id}`,
  /** POST: send a test event now; answers with its delivery */
  test: (id: number) => `/api/admin/webhooks/${id}/test`,
  /** POST: queue a delivery again (same webhook-id) */
  resend: (id: number, deliveryId: number) => `/api/admin/webhooks/${id}/deliveries/${deliveryId}/resend`,
} as const;

export const webhookListKeys = [webhooksApi.list];
