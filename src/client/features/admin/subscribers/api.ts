import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { newsletterApi, type NewsletterAudience, type NewsletterDetails, type NewsletterDraft, type NewsletterEditInput, type NewsletterProgress } from "@shared/api/newsletter";
import { showsApi, type Show } from "@shared/api/shows";
import { subscriberListKeys, subscribersApi, type ImportReport, type ImportRunInput, type ImportState, type ImportUpload, type PageInfo, type Subscriber, type SubscriberListQuery, type SubscriberStats } from "@shared/api/subscribers";
import { ApiError, apiRequest, authHeaders, type ApiResponse } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

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

/**
 * regions: only fans there (absent: everyone); scheduledAt: ISO with offset, to send later (absent: now);
 * draftId: the draft it was written in, which a real send or a schedule discards (issue 21).
 */
export type NewsletterSendBody = NewsletterAudience & { subject: string; content: string; previewEmail?: string; scheduledAt?: string; draftId?: number };

/** Sends the newsletter, schedules it (scheduledAt), or sends a preview when previewEmail is given (spec sections 4 and 8). */
export function useSendNewsletter(opts: { onSuccess: (vars: NewsletterSendBody) => void }) {
  return useResourceMutation<NewsletterSendBody, { recipients?: number; scheduledAt?: string }>({
    method: "POST",
    url: newsletterApi.send,
    invalidate: (vars) => (vars.draftId && !vars.previewEmail ? [newsletterApi.list, newsletterApi.drafts] : [newsletterApi.list]),
    successToast: (res, vars) => {
      if (vars.previewEmail) return { title: "Preview sent", description: `A preview was sent to ${vars.previewEmail}.` };
      // the server writes the time in the band's zone: 'Newsletter scheduled for Fri, Dec 5, 7:00 PM EST'
      if (vars.scheduledAt) return { title: res.message ?? "Newsletter scheduled", description: "You can change or cancel it until it starts." };
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

/** The band's newsletter drafts, last edited first (issue 21); refreshed now and then, as another member may be writing. */
export const draftsQuery = () => queryOptions({ ...urlQuery<NewsletterDraft[]>(newsletterApi.drafts), refetchInterval: 30_000 });
export const useDrafts = () => useQuery(draftsQuery());
export const draftQuery = (id: number) => urlQuery<NewsletterDraft>(newsletterApi.draft(id));
/** One draft, read once when it is opened (the composer holds it from then on). */
export const useDraft = (id: number | null) => useItem(id === null ? null : draftQuery(id), { retry: false, staleTime: 0, gcTime: 0 });
/** A newsletter with its content and interests (a scheduled one is edited from it). */
export const useNewsletterDetails = (id: number | null) => useItem(id === null ? null : urlQuery<NewsletterDetails>(newsletterApi.item(id)), { retry: false, staleTime: 0, gcTime: 0 });

/** What the composer keeps in a draft. */
export type DraftFields = Omit<NewsletterDraft, "id" | "revision" | "createdBy" | "updatedBy" | "createdAt" | "updatedAt">;

/** Saves the composer as draft `id` (null: a new draft); `revision` is the one last seen (a newer one on the server: 409). */
export async function saveDraft(id: number | null, fields: DraftFields, revision?: number): Promise<NewsletterDraft> {
  const body = { ...fields, ...(revision !== undefined ? { revision } : {}) };
  return (await apiRequest<NewsletterDraft>(id === null ? "POST" : "PUT", id === null ? newsletterApi.drafts : newsletterApi.draft(id), body)).data;
}

/**
 * The last save when the page goes away (tab closed, reload): a plain fetch with keepalive, which
 * the browser finishes after the page is gone. Best effort: the text is also kept on this device.
 */
export function saveDraftOnLeave(id: number | null, fields: DraftFields, revision?: number) {
  try {
    void fetch(id === null ? newsletterApi.drafts : newsletterApi.draft(id), {
      method: id === null ? "POST" : "PUT",
      headers: { ...authHeaders(), "Content-Type": "application/json" },
      body: JSON.stringify({ ...fields, ...(revision !== undefined ? { revision } : {}) }),
      credentials: "include",
      keepalive: true,
    }).catch(() => {});
  } catch {
    // (a body over the browser's keepalive limit throws at once: the copy on this device remains)
  }
}

/** Discards a draft for the whole band (confirmed first). */
export function useDiscardDraft(opts: { onSuccess?: (id: number) => void } = {}) {
  return useResourceMutation<number>({
    method: "DELETE",
    url: newsletterApi.draft,
    invalidate: [newsletterApi.drafts],
    successToast: "Draft discarded",
    errorToast: (err) => (err instanceof ApiError && err.serverMessage) || "Failed to discard the draft. Try again later.",
    onSuccess: (_res, id) => opts.onSuccess?.(id),
  });
}

/** Saves the changes to a scheduled newsletter (a 409 once it has started: the server's words are shown). */
export function useEditScheduledNewsletter(opts: { onSuccess: () => void; onError?: (err: Error) => void }) {
  return useResourceMutation<{ id: number; body: NewsletterEditInput }>({
    method: "PUT",
    url: ({ id }) => newsletterApi.item(id),
    body: ({ body }) => body,
    invalidate: ({ id }) => [newsletterApi.list, newsletterApi.item(id)],
    successToast: (res) => ({ title: res.message ?? "Changes saved", description: "You can change or cancel it until it starts." }),
    errorToast: (err) =>
      (err instanceof ApiError && (Object.values(err.body?.errors ?? {})[0] || err.serverMessage)) || "Failed to save the changes. Try again later.",
    onSuccess: () => opts.onSuccess(),
    onError: (err) => opts.onError?.(err),
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
