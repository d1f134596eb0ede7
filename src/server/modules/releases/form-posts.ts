import { fieldText } from "@shared/form-fields";
import { SLUG_PATTERN } from "@shared/release-services";
import type { FormPost } from "../../plugins/form-posts";

/** The release page a form was on ('/releases/static-season'), else the list. */
const pageOf = (fields: Parameters<FormPost["body"]>[0]) => {
  const page = fieldText(fields, "page");
  const slug = /^\/releases\/([^/?#]+)$/.exec(page)?.[1];
  return slug && SLUG_PATTERN.test(slug) ? `/releases/${slug}` : "/releases";
};

/**
 * 'E-mail me when it is out' and the free download posted without JavaScript (decision 026): the
 * fields as the JSON body, the answer drawn on the release's page with that form's outcome.
 */
export const notifyForm: FormPost = {
  form: "release-notify-form",
  body: (fields) => ({ body: { email: fieldText(fields, "email"), subscribe: fieldText(fields, "subscribe") === "yes", website: fieldText(fields, "website"), page: pageOf(fields) } }),
  page: (_request, fields) => ({ path: pageOf(fields) }),
};

export const downloadForm: FormPost = {
  form: "release-download-form",
  body: (fields) => ({ body: { email: fieldText(fields, "email"), website: fieldText(fields, "website"), page: pageOf(fields) } }),
  page: (_request, fields) => ({ path: pageOf(fields) }),
};
