import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Key } from "react";
import { toast } from "sonner";
import { apiRequest } from "./api-client";

/**
 * Saves an admin's drag-and-drop order (PUT `orderUrl` { ids }). The list under `listKey` takes
 * the new order at once (no jump back while the request runs); a failure puts the old order
 * back and says so; afterwards every key in `invalidate` (the admin list, the public lists)
 * is refetched.
 */
export function useReorder<T extends { id: number }>(opts: { listKey: string; orderUrl: string; invalidate: string[]; errorText: string; successText?: string }) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, Key[], { before: T[] | undefined }>({
    mutationFn: (ids) => apiRequest("PUT", opts.orderUrl, { ids: ids.map(Number) }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: [opts.listKey] });
      const before = queryClient.getQueryData<T[]>([opts.listKey]);
      if (before) {
        const byId = new Map(before.map((row) => [row.id, row]));
        queryClient.setQueryData<T[]>([opts.listKey], ids.map((id) => byId.get(Number(id))).filter((row): row is T => row !== undefined));
      }
      return { before };
    },
    onSuccess: () => {
      if (opts.successText) toast.success(opts.successText);
    },
    onError: (_err, _ids, context) => {
      if (context?.before) queryClient.setQueryData([opts.listKey], context.before);
      toast.error("Error", { description: opts.errorText });
    },
    onSettled: () => Promise.all(opts.invalidate.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
