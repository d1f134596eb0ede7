import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { newsletterApi, type NewsletterAudience, type NewsletterProgress } from "@shared/api/newsletter";
import { showsApi, type Show } from "@shared/api/shows";
import { subscriberListKeys, subscribersApi, type ImportReport, type ImportRunInput, type ImportState, type ImportUpload, type PageInfo, type Subscriber, type SubscriberListQuery, type SubscriberStats } from "@shared/api/subscribers";
import { ApiError, apiRequest, type ApiResponse } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";

export const subscribersQuery = () => urlQuery<Subscriber[]>(subscribersApi.list);
export const subscriberStatsQuery = () => urlQuery<SubscriberStats>(subscribersApi.stats);
/**
 * The latest newsletters (scheduled and cancelled ones too); polled every second while one is
 * queued or sending, and every 10 s while one waits for its time (to see it start).
 */
export const newslettersQuery = () =>
  queryOptions({
    ...urlQuery<NewsletterProgress[]>(newsletterApi.list),
    refetchInterval: (q) => {
      const list = q.state.data ?? [];
      if (list.some((n) => n.status === "queued" || n.status === "sending")) return 1000;
      return list.some((n) => n.status === "scheduled") ? 10_000 : false;
    },
  });
export const recipientsQuery = (audience: NewsletterAudience) => ({ ...urlQuery<{ count: number; waiting?: number }>(newsletterApi.recipients(audience)), staleTime: 5000 });
/** The show an 'Announce' link drafts from (the shows page's key: one cache entry). */
export const announcedShowQuery = (id: number) => urlQuery<Show>(showsApi.item(id));

export const useSubscribers = () => useQuery(subscribersQuery());
export const useSubscriberStats = () => useQuery(subscriberStatsQuery());
export const useNewsletters = () => useQuery(newslettersQuery());
export const useRecipientCount = (audience: NewsletterAudience) => useQuery(recipientsQuery(audience));
export const useAnnouncedShow = (id: number) => useQuery(announcedShowQuery(id));

/** The server's sanitized HTML of a newsletter's content (a POST, so not a URL-keyed query). */
export function useNewsletterRender(content: string) {
  return useQuery({
    queryKey: ["newsletter-render", content],
    queryFn: async () => (await apiRequest<{ html: string }>("POST", newsletterApi.render, { content })).data,
    enabled: content.trim().length > 0,
    staleTime: Infinity,
  });
}

export function useDeleteSubscriber() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: subscribersApi.item,
    invalidate: subscriberListKeys,
    successToast: "Subscriber deleted",
    errorToast: (err) => (err instanceof ApiError && err.serverMessage) || "Failed to remove subscriber",
  });
}

/** regions: only fans there (absent: everyone); scheduledAt: ISO with offset, to send later (absent: now). */
export type NewsletterSendBody = NewsletterAudience & { subject: string; content: string; previewEmail?: string; scheduledAt?: string };

/** Sends the newsletter, schedules it (scheduledAt), or sends a preview when previewEmail is given (spec sections 4 and 8). */
export function useSendNewsletter(opts: { onSuccess: (vars: NewsletterSendBody) => void }) {
  return useResourceMutation<NewsletterSendBody, { recipients?: number; scheduledAt?: string }>({
    method: "POST",
    url: newsletterApi.send,
    invalidate: [newsletterApi.list],
    successToast: (res, vars) => {
      if (vars.previewEmail) return { title: "Preview sent", description: `A preview was sent to ${vars.previewEmail}.` };
      // the server writes the time in the band's zone: 'Newsletter scheduled for Fri, Dec 5, 7:00 PM EST'
      if (vars.scheduledAt) return { title: res.message ?? "Newsletter scheduled", description: "You can cancel it until it starts." };
      const n = res.data.recipients ?? 0;
      return { title: "Newsletter sent", description: `Sending to ${n} subscriber${n === 1 ? "" : "s"}.` };
    },
    // The server's words (a field error without its field name), else the spec's fallback.
    errorToast: (err) =>
      (err instanceof ApiError && (Object.values(err.body?.errors ?? {})[0] || err.serverMessage)) || "Failed to send newsletter. Try again later.",
    onSuccess: (_res, vars) => opts.onSuccess(vars),
  });
}

/** Cancels a newsletter that has not started yet (a 409 once it has: the server's words are shown). */
export function useCancelScheduledNewsletter() {
  return useResourceMutation<number>({
    method: "POST",
    url: newsletterApi.cancel,
    body: () => ({}),
    invalidate: [newsletterApi.list],
    successToast: "Scheduled newsletter cancelled",
    errorToast: (err) => (err instanceof ApiError && err.serverMessage) || "Failed to cancel the newsletter. Try again later.",
  });
}

/**
 * One page of the subscribers table (GET /api/subscribers with parameters). Its key starts with
 * the list's URL, so every write that refreshes the list (subscriberListKeys) refreshes the
 * pages too; the previous page stays on screen while the next one loads.
 */
export const subscribersPageQuery = (query: SubscriberListQuery) =>
  queryOptions({
    queryKey: [subscribersApi.list, query],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<Subscriber[]>("GET", subscribersApi.page(query), undefined, { signal })) as ApiResponse<Subscriber[]> & { page: PageInfo };
      return { rows: res.data, page: res.page };
    },
    placeholderData: keepPreviousData,
  });
export const useSubscribersPage = (query: SubscriberListQuery) => useQuery(subscribersPageQuery(query));

export function useReactivateSubscriber() {
  return useResourceMutation<number>({
    method: "POST",
    url: subscribersApi.reactivate,
    invalidate: subscriberListKeys,
    successToast: "Subscriber reactivated",
    errorToast: (err) => (err instanceof ApiError && err.serverMessage) || "Failed to reactivate subscriber",
  });
}

/** 50 MB takes a while on a slow line, and 100,000 rows some seconds to import. */
const LONG_REQUEST_MS = 10 * 60 * 1000;

/** Import CSV, step 1: the file goes up and comes back as columns, first rows and a suggested mapping. */
export function useUploadCsv() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await apiRequest<ImportUpload>("POST", subscribersApi.importUpload, form, { timeoutMs: LONG_REQUEST_MS })).data;
    },
  });
}

/** Import CSV, step 2: the mapped import, answered with its report. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ importId, body }: { importId: string; body: ImportRunInput }) =>
      (await apiRequest<ImportReport>("POST", subscribersApi.importRun(importId), body, { timeoutMs: LONG_REQUEST_MS })).data,
    onSuccess: () => Promise.all(subscriberListKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/** Imports started and not finished (issue 20): running, or interrupted with how far they got. */
export const startedImportsQuery = () => urlQuery<ImportState[]>(subscribersApi.imports);
export const useStartedImports = () => useQuery(startedImportsQuery());

/** Finishes an interrupted import where it stopped; answers the report of the whole file. */
export function useResumeImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: string) => (await apiRequest<ImportReport>("POST", subscribersApi.importResume(importId), undefined, { timeoutMs: LONG_REQUEST_MS })).data,
    onSettled: () => Promise.all([subscribersApi.imports, ...subscriberListKeys].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/** Discards an interrupted import: its file is deleted, the fans it imported stay. */
export function useDiscardImport() {
  return useResourceMutation<string>({
    method: "DELETE",
    url: subscribersApi.importRun,
    invalidate: [subscribersApi.imports],
    successToast: "Import discarded",
  });
}
