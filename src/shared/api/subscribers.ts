/** The mailing list: public subscribe/verify/unsubscribe and the admin list (spec section 7). */
export type { Subscriber, SubscriberStats, SubscribeInput } from "../schemas/subscribers";

export const subscribersApi = {
  subscribe: "/api/subscribe",
  verify: (email: string, token: string) => `/api/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`,
  unsubscribe: "/api/unsubscribe",
  /** GET (admin) */
  list: "/api/subscribers",
  stats: "/api/subscribers/stats",
  exportCsv: "/api/subscribers/export",
  item: (id: number) => `/api/subscribers/${id}`,
} as const;

import { dashboardApi } from "./dashboard";

export const subscriberListKeys = [subscribersApi.list, subscribersApi.stats, dashboardApi.counts];
