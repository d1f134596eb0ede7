/** Queries a change to the mailing list makes stale. */
export const SUBSCRIBER_KEYS = ["/api/subscribers", "/api/subscribers/stats"];
