import { useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi } from "@shared/api/dashboard";
import { messagesApi, type Message } from "@shared/api/messages";
import { apiRequest } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";

export const messagesQuery = () => urlQuery<Message[]>(messagesApi.list);

export const useMessages = () => useQuery(messagesQuery());

/**
 * The inbox is changed in place (no refetch); only the dashboard's counts (unread messages) go
 * stale, which costs no request until the dashboard is shown again.
 */
function useInbox() {
  const queryClient = useQueryClient();
  return {
    update: (change: (list: Message[]) => Message[]) => queryClient.setQueryData(messagesQuery().queryKey, (list) => (list ? change(list) : list)),
    countsChanged: () => queryClient.invalidateQueries({ queryKey: [dashboardApi.counts] }),
  };
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
      inbox.update((list) => list.filter((m) => m.id !== id));
      opts.onSuccess(id);
    },
  });
}

/** Marks a message read quietly: at once in the inbox, then on the server. */
export function useMarkRead() {
  const inbox = useInbox();
  return (m: Message) => {
    inbox.update((list) => list.map((x) => (x.id === m.id ? { ...x, isRead: true } : x)));
    apiRequest("PUT", messagesApi.readFlag(m.id), { isRead: true }).then(inbox.countsChanged, () => {});
  };
}
