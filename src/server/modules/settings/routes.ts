import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SETTING_KEYS, type SettingKey } from "@shared/constants";
import { checkSettingValue, settingAnswers, settingInput, settingKeyParams, settingsBatchInput } from "@shared/schemas/settings";
import { badRequest } from "../../lib/http-error";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { getSetting, getSettings } from "../../services/settings";
import { activity } from "../../plugins/route-effects";
import { describeSettingsChange } from "./activity";
import { putSetting, putSettings } from "./repository";

// Every known key is public: they hold links, texts and flags the public pages show.
export const settingsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/settings/:key", { schema: { params: settingKeyParams, response: { 200: settingAnswers.item } } }, async (request, reply) => {
    const { key } = request.params;
    return sendPublic(app, request, reply, {
      key: `/api/settings/${key}`,
      tags: ["settings"],
      build: async () => jsonAnswer(settingAnswers.item, { success: true, data: { key, value: await getSetting(app.db, key) } }),
    });
  });
};

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/settings", { schema: { response: { 200: settingAnswers.all } } }, async () => ({ success: true, data: await getSettings(app.db, SETTING_KEYS) }));

  app.put(
    "/api/settings/:key",
    {
      schema: { params: settingKeyParams, body: settingInput, response: { 200: settingAnswers.saved } },
      config: {
        invalidates: ["settings"],
        activity: activity<{ key: string; value: string | null }, { key: string; value: string }, unknown, { key: SettingKey }>({
          resource: "settings",
          before: async ({ params }) => ({ key: params.key, value: await getSetting(app.db, params.key) }),
          describe: ({ before, after }) => describeSettingsChange(before && { [before.key]: before.value }, { [after!.key]: after!.value }),
        }),
      },
    },
    async (request) => {
    const { key } = request.params;
    const checked = checkSettingValue(key, request.body.value);
    if (!checked.ok) throw badRequest(`value: ${checked.message}`, { value: checked.message });
    await putSetting(app.db, key, checked.value);
    return { success: true, message: "Setting updated", data: { key, value: checked.value } };
  });

  // A Settings section's one Save (issue 21): every value checked by its own rule; any refusal
  // saves nothing and names each refused key, so the page can mark those fields and keep the rest.
  app.put(
    "/api/settings",
    {
      schema: { body: settingsBatchInput, response: { 200: settingAnswers.savedMany } },
      config: {
        invalidates: ["settings"],
        activity: activity<Record<string, string>, Record<string, string>, Record<string, string>>({
          resource: "settings",
          before: ({ body }) => getSettings(app.db, Object.keys(body)),
          describe: ({ before, after }) => describeSettingsChange(before, after ?? {}),
        }),
      },
    },
    async (request) => {
    const values: Record<string, string> = {};
    const errors: Record<string, string> = {};
    // every key is a known setting and every value text: the body schema refused anything else
    for (const [key, value] of Object.entries(request.body) as [SettingKey, string][]) {
      const checked = checkSettingValue(key, value);
      if (checked.ok) values[key] = checked.value;
      else errors[key] = checked.message;
    }
    const refused = Object.entries(errors);
    if (refused.length) {
      const [key, message] = refused[0];
      throw badRequest(refused.length === 1 ? `${key}: ${message}` : `${key}: ${message} (and ${refused.length - 1} more)`, errors);
    }
    await putSettings(app.db, values);
    return { success: true, message: "Setting updated", data: values };
  });
};
