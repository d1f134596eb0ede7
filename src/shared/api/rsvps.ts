/** RSVPs to a show ('I'm going', issue 24): the public form, the mail's link, the admin list and export. */
export type { Rsvp, RsvpInput } from "../schemas/rsvps";

export const rsvpsApi = {
  /** POST { email, name?, subscribe? }: always the same 200, then a confirmation mail */
  rsvp: (showId: number) => `/api/shows/${showId}/rsvp`,
  /** POST { token }: the mail's link confirmed by the app (the page /rsvp/confirm does it without JavaScript) */
  confirm: "/api/rsvps/confirm",
  /** the page the mail's link opens */
  confirmPage: "/rsvp/confirm",
  /** POST { token }: 'Can't make it?', the fan's name taken off the show's list (the page /rsvp/leave asks first) */
  leave: "/api/rsvps/leave",
  /** the page the 'Can't make it?' link of a reminder or notice opens: it asks before taking the name off */
  leavePage: "/rsvp/leave",
  /** GET (admin): everyone who said they're going, confirmed or not */
  list: (showId: number) => `/api/admin/shows/${showId}/rsvps`,
  /** GET (admin): the same as a CSV file */
  exportCsv: (showId: number) => `/api/admin/shows/${showId}/rsvps/export`,
} as const;

/** The one answer to an RSVP, whoever the address belongs to (it never tells who has RSVPed). */
export const RSVP_SUCCESS = "Almost there: check your email and open the link to confirm you're going.";

/** A 'Can't make it?' link that is unknown, or whose name is off the list already. */
export const RSVP_LEAVE_INVALID = "This link is not valid, or your name is already off the list.";
