import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi } from "@shared/api/dashboard";
import { messageListKeys, messagesApi, type Message, type MessageListQuery, type PageInfo } from "@shared/api/messages";
import { apiRequest, type ApiResponse } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";

export const messagesQuery = () => urlQuery<Message[]>(messagesApi.list);

export const useMessages = () => useQuery(messagesQuery());

export interface MessagesPage {
  rows: Message[];
  page: PageInfo;
}

/**
 * One page of the inbox (GET /api/admin/messages with parameters: search, type tab, sort, page).
 * Its key starts with the list's URL, so every write that refreshes the list (messageListKeys)
 * refreshes the pages too; the previous page stays on screen while the next one loads.
 */
export const messagesPageQuery = (query: MessageListQuery) =>
  queryOptions({
    queryKey: [messagesApi.list, query],
    queryFn: async ({ signal }): Promise<MessagesPage> => {
      const res = (await apiRequest<Message[]>("GET", messagesApi.page(query), undefined, { signal })) as ApiResponse<Message[]> & { page: PageInfo };
      return { rows: res.data, page: res.page };
    },
    placeholderData: keepPreviousData,
  });
export const useMessagesPage = (query: MessageListQuery) => useQuery(messagesPageQuery(query));

/**
 * The inbox changed in place at once (every cached page and the plain list), then asked again
 * from the server: a delete pulls the next message up into the page, and the page's total, the
 * unread sort and the dashboard's counts follow.
 */
function useInbox() {
  const queryClient = useQueryClient();
  const change = (edit: (list: Message[]) => Message[]) => {
    queryClient.setQueryData(messagesQuery().queryKey, (list) => (list ? edit(list) : list));
    queryClient.setQueriesData<MessagesPage>({ queryKey: [messagesApi.list], predicate: (q) => q.queryKey.length > 1 }, (p) => (p ? { ...p, rows: edit(p.rows) } : p));
  };
  const refresh = () => Promise.all(messageListKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  return { change, refresh };
}

export function useDeleteMessage(opts: { onSuccess: (id: number) => void }) {
  const inbox = useInbox();
  return useResourceMutation<number>({
    method: "DELETE",
    url: messagesApi.item,
    invalidate: [dashboardApi.counts],
    successToast: "Message deleted",
    errorToast: "Failed to delete the message. Please try again.",
    onSuccess: (_res, id) => {
      inbox.change((list) => list.filter((m) => m.id !== id));
      opts.onSuccess(id);
      void inbox.refresh();
    },
  });
}

/** Marks a message read quietly: at once in the inbox, then on the server, then the pages are asked again. */
export function useMarkRead() {
  const inbox = useInbox();
  return (m: Message) => {
    inbox.change((list) => list.map((x) => (x.id === m.id ? { ...x, isRead: true } : x)));
    apiRequest("PUT", messagesApi.readFlag(m.id), { isRead: true }).then(inbox.refresh, () => {});
  };
}
