import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { webhookAnswers, webhookDeliveryParams, webhookInput, webhookUpdate } from "@shared/schemas/webhooks";
import { webhooksApi } from "@shared/api/webhooks";
import { chatFormatOf, WEBHOOK_TEST_EVENT } from "@shared/webhooks";
import { badRequest, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { bandName } from "../../services/settings";
import { eventBody } from "../../services/webhook-events";
import { bodyFor } from "./formats";
import {
  createEndpoint,
  deleteEndpoint,
  endpointForSending,
  findDelivery,
  findEndpoint,
  insertTestDelivery,
  listEndpoints,
  recordFailure,
  recordSuccess,
  resendDelivery,
  updateEndpoint,
  type Endpoint,
} from "./repository";
import { attempt, newSecret } from "./sender";
import { refusalOfUrl } from "./target-guard";
import { hostOf } from "./worker";

const TEST_TIMEOUT_MS = 8_000;

/**
 * Admin > Settings > Notifications (issue 26): the endpoints, each with its latest deliveries;
 * add (the secret answered once), change, pause or resume, delete, send a test, resend one.
 * The URL is never written to the activity log (a chat's webhook URL holds its token): the
 * sentences name its host.
 */
export const webhooksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const before = ({ params }: { params: { id: number } }) => findEndpoint(app.db, params.id);
  const allowPrivate = app.config.WEBHOOK_ALLOW_PRIVATE;
  const checkUrl = (url: string) => {
    const why = refusalOfUrl(url, allowPrivate);
    if (why) throw badRequest(`url: ${why}`, { url: why });
  };
  const SECRETS = ["url", "secret"];

  app.get(webhooksApi.list, { schema: { response: { 200: webhookAnswers.list } } }, async () => ({ success: true, data: await listEndpoints(app.db) }));

  app.post(
    webhooksApi.list,
    {
      schema: { body: webhookInput, response: { 201: webhookAnswers.created } },
      config: {
        invalidates: [],
        activity: activity<Endpoint, { id: number }, { url: string; events: string[] }>({
          resource: "webhooks",
          secrets: SECRETS,
          describe: ({ body }) => `added a webhook to ${hostOf(body.url)} for ${body.events.join(", ")}`,
        }),
      },
    },
    async (request, reply) => {
      const { url, events, format, includeMessage } = request.body;
      checkUrl(url);
      const secret = newSecret();
      const id = await createEndpoint(app.db, { url, events, format: format ?? chatFormatOf(url), includeMessage: includeMessage ?? false, secret });
      return reply.status(201).send({ success: true, message: "Webhook added. Copy the secret now: it is not shown again.", data: { id, secret } });
    },
  );

  app.put(
    "/api/admin/webhooks/:id",
    {
      schema: { params: idParams, body: webhookUpdate, response: { 200: webhookAnswers.saved } },
      config: {
        invalidates: [],
        activity: activity<Endpoint>({
          resource: "webhooks",
          secrets: SECRETS,
          before,
          describe: ({ before, after, body }) => {
            const host = hostOf((after ?? before)?.url ?? "");
            if (body.paused === true && !before?.paused) return `paused the webhook to ${host}`;
            if (body.paused === false && before?.paused) return `resumed the webhook to ${host}`;
            return `changed the webhook to ${host}`;
          },
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await findEndpoint(app.db, id);
      if (!current) throw notFound("Webhook not found");
      const { url, format, ...rest } = request.body;
      if (url !== undefined) checkUrl(url);
      // a new URL of another kind takes that kind's format unless one is given
      const nextFormat = format ?? (url !== undefined && url !== current.url ? chatFormatOf(url) : undefined);
      const saved = await updateEndpoint(app.db, id, { url, format: nextFormat, ...rest });
      if (!saved) throw notFound("Webhook not found");
      if (request.body.paused === false) app.webhookWorker.wake();
      const message = request.body.paused === true ? "Webhook paused" : request.body.paused === false ? "Webhook resumed" : "Webhook saved";
      return { success: true, message, data: saved };
    },
  );

  app.delete(
    "/api/admin/webhooks/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<Endpoint>({ resource: "webhooks", secrets: SECRETS, before, describe: ({ before, params }) => (before ? `deleted the webhook to ${hostOf(before.url)}` : `deleted webhook #${params.id}`) }),
      },
    },
    async (request) => {
      if (!(await deleteEndpoint(app.db, request.params.id))) throw notFound("Webhook not found");
      return { success: true, message: "Webhook deleted" };
    },
  );

  app.post(
    "/api/admin/webhooks/:id/test",
    {
      schema: { params: idParams, response: { 200: webhookAnswers.delivery } },
      config: {
        invalidates: [],
        activity: activity<Endpoint>({ resource: "webhooks", action: "test", secrets: SECRETS, before, changes: false, describe: ({ before }) => `sent a test to the webhook at ${hostOf(before?.url ?? "")}` }),
      },
    },
    async (request) => {
      const endpoint = await endpointForSending(app.db, request.params.id);
      if (!endpoint) throw notFound("Webhook not found");
      const band = await bandName(app);
      const event = eventBody(WEBHOOK_TEST_EVENT, { message: `Test notification from the ${band} website`, webhookId: endpoint.id });
      // sent now, in the request (a paused endpoint too: to see that it works before resuming it), recorded like any delivery
      const row = await insertTestDelivery(app.db, endpoint.id, WEBHOOK_TEST_EVENT, event);
      // 8 s, not 10: the page's request gives up after 10 s, and must hear how the test went
      const result = await attempt({ url: endpoint.url, secret: endpoint.secret, eventId: row.eventId, body: bodyFor(endpoint.format as never, event, band), allowPrivate, timeoutMs: TEST_TIMEOUT_MS });
      const claim = { id: row.id, endpointId: endpoint.id, claimToken: row.claimToken, attempts: 1, manual: "test" };
      if (result.ok) await recordSuccess(app.db, claim, result.status!);
      else await recordFailure(app.db, claim, { statusCode: result.status, error: result.error ?? "failed" });
      const delivery = await findDelivery(app.db, row.id);
      return { success: true, message: result.ok ? `Test delivered (HTTP ${result.status})` : `Test not delivered: ${result.error}`, data: delivery! };
    },
  );

  app.post(
    "/api/admin/webhooks/:id/deliveries/:deliveryId/resend",
    {
      schema: { params: webhookDeliveryParams, response: { 200: webhookAnswers.delivery } },
      config: {
        invalidates: [],
        activity: activity<Endpoint, unknown, unknown, { id: number; deliveryId: number }>({
          resource: "webhooks",
          action: "resend",
          secrets: SECRETS,
          before,
          changes: false,
          describe: ({ before, after }) => `sent a ${(after as { eventType?: string } | null)?.eventType ?? "webhook"} event again to ${hostOf(before?.url ?? "")}`,
        }),
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const endpoint = await findEndpoint(app.db, id);
      if (!endpoint) throw notFound("Webhook not found");
      const delivery = await resendDelivery(app.db, id, deliveryId);
      if (!delivery) throw notFound("Delivery not found");
      app.webhookWorker.wake();
      return { success: true, message: endpoint.paused ? "Queued: it goes out when the webhook is resumed" : "Queued to be sent again", data: delivery };
    },
  );
};
