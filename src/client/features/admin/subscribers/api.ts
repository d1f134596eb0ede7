import { queryOptions, useQuery } from "@tanstack/react-query";
import { newsletterApi, type NewsletterProgress, type NewsletterTargets } from "@shared/api/newsletter";
import { showsApi, type Show } from "@shared/api/shows";
import { subscriberListKeys, subscribersApi, type Subscriber, type SubscriberStats } from "@shared/api/subscribers";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";

export const subscribersQuery = () => urlQuery<Subscriber[]>(subscribersApi.list);
export const subscriberStatsQuery = () => urlQuery<SubscriberStats>(subscribersApi.stats);
/** The latest newsletters; polled every second while one is still sending. */
export const newslettersQuery = () =>
  queryOptions({
    ...urlQuery<NewsletterProgress[]>(newsletterApi.list),
    refetchInterval: (q) => (q.state.data?.some((n) => n.status !== "done") ? 1000 : false),
  });
export const recipientsQuery = (targets: NewsletterTargets) => ({ ...urlQuery<{ count: number }>(newsletterApi.recipients(targets)), staleTime: 5000 });
/** The show an 'Announce' link drafts from (the shows page's key: one cache entry). */
export const announcedShowQuery = (id: number) => urlQuery<Show>(showsApi.item(id));

export const useSubscribers = () => useQuery(subscribersQuery());
export const useSubscriberStats = () => useQuery(subscriberStatsQuery());
export const useNewsletters = () => useQuery(newslettersQuery());
export const useRecipientCount = (targets: NewsletterTargets) => useQuery(recipientsQuery(targets));
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

export type NewsletterSendBody = NewsletterTargets & { subject: string; content: string; previewEmail?: string };

/** Sends the newsletter, or a preview when previewEmail is given (spec sections 4 and 8). */
export function useSendNewsletter(opts: { onSuccess: (vars: NewsletterSendBody) => void }) {
  return useResourceMutation<NewsletterSendBody, { recipients: number }>({
    method: "POST",
    url: newsletterApi.send,
    invalidate: [newsletterApi.list],
    successToast: (res, vars) =>
      vars.previewEmail
        ? { title: "Preview sent", description: `A preview was sent to ${vars.previewEmail}.` }
        : { title: "Newsletter sent", description: `Sending to ${res.data.recipients} subscriber${res.data.recipients === 1 ? "" : "s"}.` },
    // The server's words (a field error without its field name), else the spec's fallback.
    errorToast: (err) =>
      (err instanceof ApiError && (Object.values(err.body?.errors ?? {})[0] || err.serverMessage)) || "Failed to send newsletter. Try again later.",
    onSuccess: (_res, vars) => opts.onSuccess(vars),
  });
}
