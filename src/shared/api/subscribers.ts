/** The mailing list: public subscribe/verify/unsubscribe and the admin list (spec section 7). */
export type { Subscriber, SubscriberStats, SubscribeInput } from "../schemas/subscribers";
export type { ImportMapping, ImportReport, ImportRunInput, ImportState, ImportUpload } from "../schemas/subscriber-import";
export type { PageInfo, SubscriberListQuery, SubscriberPage, SubscriberSort, SubscriberStatus } from "../schemas/subscribers";
import type { SubscriberListQuery } from "../schemas/subscribers";

export const subscribersApi = {
  subscribe: "/api/subscribe",
  verify: (email: string, token: string) => `/api/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`,
  unsubscribe: "/api/unsubscribe",
  /** GET (admin) */
  list: "/api/subscribers",
  stats: "/api/subscribers/stats",
  exportCsv: "/api/subscribers/export",
  item: (id: number) => `/api/subscribers/${id}`,
  /** POST (admin): multipart `file`; answers the columns, the first rows and an import id */
  importUpload: "/api/subscribers/import",
  /** POST (admin): { mapping, alreadyOptedIn } runs the upload's import and answers the report */
  importRun: (importId: string) => `/api/subscribers/import/${encodeURIComponent(importId)}`,
  /** GET (admin): imports started and not finished: running, or interrupted with their progress */
  imports: "/api/subscribers/imports",
  /** POST (admin): resumes an interrupted import where it stopped; answers the report of the whole file */
  importResume: (importId: string) => `/api/subscribers/import/${encodeURIComponent(importId)}/resume`,
  /** DELETE (admin) on importRun(id): discards an interrupted import (or an unused upload) and its file */
  /** GET (admin): one page of the table's search; empty parameters are left out */
  page: (query: SubscriberListQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
    const search = params.toString();
    return search ? `/api/subscribers?${search}` : "/api/subscribers?page=1";
  },
  /** POST (admin): clears a bounce, so newsletters reach the address again */
  reactivate: (id: number) => `/api/subscribers/${id}/reactivate`,
} as const;

import { dashboardApi } from "./dashboard";

export const subscriberListKeys = [subscribersApi.list, subscribersApi.stats, dashboardApi.counts];
