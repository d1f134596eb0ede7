/**
 * A show's ticket state (issue 11); 'scheduled' is the default. Its own zod-free module: the
 * public pages read it, and importing the input schemas would put zod in their bundle.
 */
export const SHOW_STATUSES = ["scheduled", "sold-out", "cancelled", "postponed"] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];
export const SHOW_STATUS_LABELS: Record<ShowStatus, string> = { scheduled: "Scheduled", "sold-out": "Sold Out", cancelled: "Cancelled", postponed: "Postponed" };
/** Sold-out and cancelled shows sell no tickets: their ticket link is hidden. */
export const sellsTickets = (status: ShowStatus | undefined) => status !== "sold-out" && status !== "cancelled";
