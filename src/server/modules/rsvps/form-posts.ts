import { rsvpsApi } from "@shared/api/rsvps";
import { fieldText } from "@shared/form-fields";
import type { FormPost } from "../../plugins/form-posts";

/** The pages whose show cards carry the 'I'm going' form. */
const CARD_PAGES = ["/", "/shows"];

/**
 * 'I'm going' posted without JavaScript (issues 21, 24): the fields as the JSON body, and the
 * answer drawn on the page the card was on, that card's form opened with the outcome (the hidden
 * `show` field says which). No redirect: posting again is harmless (the same answer, and at
 * most one mail per few minutes).
 */
export const rsvpForm: FormPost = {
  form: "rsvp",
  body: (fields) => ({
    body: {
      email: fieldText(fields, "email"),
      name: fieldText(fields, "name"),
      subscribe: fieldText(fields, "subscribe") === "yes",
      website: fieldText(fields, "website"),
      ...(CARD_PAGES.includes(fieldText(fields, "page")) ? { page: fieldText(fields, "page") } : {}),
    },
  }),
  page: (_request, fields) => ({ path: CARD_PAGES.includes(fieldText(fields, "page")) ? fieldText(fields, "page") : "/shows" }),
};

/**
 * 'Take my name off' on the page of a 'Can't make it?' link, posted without JavaScript: the
 * answer drawn on the same page (its link's query kept).
 */
export const rsvpLeaveForm: FormPost = {
  form: "rsvp-leave",
  body: (fields) => ({ body: { token: fieldText(fields, "token") } }),
  page: (_request, fields) => ({ path: rsvpsApi.leavePage, search: fieldText(fields, "token") ? `?${new URLSearchParams({ token: fieldText(fields, "token") })}` : "" }),
};
