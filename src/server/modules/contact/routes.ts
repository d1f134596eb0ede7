import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { messageAnswer } from "@shared/schemas/answers";
import { CONTACT_SUCCESS, contactInput } from "@shared/schemas/contact";
import type { Db } from "../../db/client";
import { sendInBackground } from "../../services/mailer";
import { raiseEvent } from "../../services/webhook-events";
import { activeAdminAddresses } from "../../services/admin-addresses";
import { bandName } from "../../services/settings";
import { contactNotificationMail } from "../../mail/templates";
import { insertMessage } from "../messages/repository";
import { fieldText } from "@shared/form-fields";
import type { FormPost } from "../../plugins/form-posts";

/** The home page's message form posted without JavaScript (issue 21); a success goes to a thanks page, so a reload never sends twice. */
const contactForm: FormPost = {
  form: "contact",
  body: (fields) => ({
    body: { name: fieldText(fields, "name"), email: fieldText(fields, "email"), messageType: fieldText(fields, "messageType") || "general", message: fieldText(fields, "message"), website: fieldText(fields, "website") },
  }),
  page: () => ({ path: "/" }),
  successRedirect: "/thanks/contact",
};

export const contactPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contact",
    { schema: { body: contactInput, response: { 200: messageAnswer } }, config: { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS }, formPost: contactForm } },
    async (request) => {
      const { name, email, messageType, message, website } = request.body;
      if (website) {
        request.log.info({ ip: request.ip }, "contact honeypot triggered");
        return { success: true, message: CONTACT_SUCCESS };
      }
      // Stored first: whatever happens to the notification mail, the message is in the inbox.
      // no IP address is kept with a message: nothing needs it (the rate limit counts per address on its own)
      // The webhook event (message.received) is queued in the same commit: it is never lost, never told of a message not kept.
      const saved = await app.db.transaction(async (tx) => {
        const m = await insertMessage(tx as unknown as Db, { name: name || null, email, messageType, message });
        await raiseEvent(tx, "message.received", { id: m.id, messageType: m.messageType, name: m.name, email: m.email, message: m.message, url: `${app.config.PUBLIC_URL}/admin/messages` });
        return m;
      });
      sendInBackground(
        app,
        async () => {
          const admins = await activeAdminAddresses(app.db);
          const band = await bandName(app);
          return admins.map((to) =>
            contactNotificationMail({
              bandName: band,
              to,
              name: saved.name,
              email: saved.email,
              messageType: saved.messageType,
              message: saved.message,
              adminUrl: `${app.config.PUBLIC_URL}/admin/messages`,
            }),
          );
        },
        "contact notification",
      );
      return { success: true, message: CONTACT_SUCCESS };
    },
  );
};
