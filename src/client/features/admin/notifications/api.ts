import { useQuery } from "@tanstack/react-query";
import { webhookListKeys, webhooksApi, type Webhook, type WebhookDelivery, type WebhookInput, type WebhookUpdate } from "@shared/api/webhooks";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";

/** Admin > Settings > Notifications (issue 26): the webhook endpoints and their latest deliveries. */
export const webhooksQuery = () => urlQuery<Webhook[]>(webhooksApi.list);

/** Refreshed every 5 s while the page is open, so a delivery under way shows its outcome. */
export const useWebhooks = () => useQuery({ ...webhooksQuery(), refetchInterval: 5_000 });

export const useAddWebhook = () =>
  useResourceMutation<WebhookInput, { id: number; secret: string }>({
    method: "POST",
    url: webhooksApi.list,
    invalidate: webhookListKeys,
    successToast: "Endpoint added",
    errorToast: false, // the form shows the field's error
  });

export const useUpdateWebhook = () =>
  useResourceMutation<{ id: number } & WebhookUpdate, Webhook>({
    method: "PUT",
    url: ({ id }) => webhooksApi.item(id),
    body: ({ id: _id, ...rest }) => rest,
    invalidate: webhookListKeys,
    successToast: (res) => res.message ?? "Endpoint saved",
  });

export const useDeleteWebhook = () =>
  useResourceMutation<number>({
    method: "DELETE",
    url: webhooksApi.item,
    invalidate: webhookListKeys,
    successToast: "Endpoint deleted",
    errorToast: "Failed to delete the endpoint. Please try again.",
  });

export const useTestWebhook = () =>
  useResourceMutation<number, WebhookDelivery>({
    method: "POST",
    url: webhooksApi.test,
    body: () => ({}),
    invalidate: webhookListKeys,
    successToast: (res) => res.message ?? "Test sent",
  });

export const useResendDelivery = () =>
  useResourceMutation<{ id: number; deliveryId: number }, WebhookDelivery>({
    method: "POST",
    url: ({ id, deliveryId }) => webhooksApi.resend(id, deliveryId),
    body: () => ({}),
    invalidate: webhookListKeys,
    successToast: (res) => res.message ?? "Queued",
  });
