import type { FastifyRequest } from "fastify";
import { preferencesApi } from "@shared/api/preferences";
import { NO_INTEREST } from "@shared/schemas/preferences";
import type { PageToDraw } from "../../plugins/html";
import { findTokenOwner, toPreferences } from "./preferences-repository";
import { fieldList, fieldText, type FormFields } from "@shared/form-fields";
import type { FormPost } from "../../plugins/form-posts";

/**
 * How the mailing list's pages post without JavaScript (issue 21): each form's fields as the
 * JSON body its route validates, and the page its answer is drawn on. The routes declare these
 * beside themselves (`config.formPost`).
 */

/** Checkboxes named `interests` with the values shows, releases, merch. */
function interestsOf(fields: FormFields) {
  const chosen = fieldList(fields, "interests");
  return { shows: chosen.includes("shows"), releases: chosen.includes("releases"), merch: chosen.includes("merch") };
}

/** The region select: a US state or a country; 'Outside the US' with the country list beside it (no JavaScript). */
function regionOf(fields: FormFields): string | null {
  const region = fieldText(fields, "region");
  return (region === "outside" ? fieldText(fields, "country") : region) || null;
}

/** The query string a mail page was opened with, kept for its answer. */
const queryOf = (params: Record<string, string>) => {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "")).toString();
  return search ? `?${search}` : "";
};

/** The home page's signup form (#booking); a success goes to a thanks page, so a reload never signs up twice. */
export const subscribeForm: FormPost = {
  form: "subscribe",
  body: (fields) => {
    const interests = interestsOf(fields);
    // the API's default for missing interests is none at all, which no newsletter would ever match
    const errors = Object.values(interests).some(Boolean) ? undefined : { interests: NO_INTEREST };
    return { body: { name: fieldText(fields, "name"), email: fieldText(fields, "email"), interests, region: regionOf(fields), place: fieldText(fields, "place"), website: fieldText(fields, "website") }, errors };
  },
  page: () => ({ path: "/" }),
  successRedirect: "/thanks/subscribe",
};

/** The unsubscribe page's button; mail clients' one-click posts (RFC 8058) keep their JSON answer. */
export const unsubscribeForm: FormPost = {
  form: "unsubscribe",
  body: (fields) => {
    const email = fieldText(fields, "email");
    return { body: { token: fieldText(fields, "token"), ...(email ? { email } : {}) } };
  },
  page: (request, fields) => {
    const query = request.query as Record<string, string | undefined>;
    return { path: "/unsubscribe", search: queryOf({ email: query.email ?? fieldText(fields, "email"), token: query.token ?? fieldText(fields, "token") }) };
  },
};

/** The preferences page: its three forms answer on the page of the same link, with the fan's record as it now is. */
async function preferencesPage(request: FastifyRequest, fields: FormFields): Promise<PageToDraw> {
  const token = fieldText(fields, "token");
  const owner = token ? await findTokenOwner(request.server.db, token) : null;
  const queries = owner?.kind === "subscriber" ? { [preferencesApi.read(token)]: toPreferences(owner.subscriber) } : undefined;
  return { path: "/preferences", search: queryOf({ token }), queries };
}

export const savePreferencesForm: FormPost = {
  form: "preferences",
  body: (fields) => {
    return { body: { token: fieldText(fields, "token"), name: fieldText(fields, "name"), interests: interestsOf(fields), region: regionOf(fields), place: fieldText(fields, "place") } };
  },
  page: preferencesPage,
};

export const preferencesUnsubscribeForm: FormPost = {
  form: "preferences-unsubscribe",
  body: (fields) => ({ body: { token: fieldText(fields, "token") } }),
  page: preferencesPage,
};

/** Without the app's confirmation dialog, a checkbox asks first. */
export const DELETE_NOT_CONFIRMED = "Tick the box to confirm that everything should be deleted.";
export const deletePreferencesForm: FormPost = {
  form: "preferences-delete",
  body: (fields) => ({
    body: { token: fieldText(fields, "token") },
    errors: fieldText(fields, "confirm") === "yes" ? undefined : { confirm: DELETE_NOT_CONFIRMED },
  }),
  page: preferencesPage,
};
