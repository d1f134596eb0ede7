import { useQuery } from "@tanstack/react-query";
import { merchandiseApi, merchandiseListKeys, type Merchandise } from "@shared/api/merchandise";
import type { MerchandiseData } from "@shared/schemas/merchandise";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";
import { useReorder } from "@client/lib/use-reorder";

/** The admin list is also the public one. */
export const merchandiseQuery = () => urlQuery<Merchandise[]>(merchandiseApi.list);
export const merchandiseItemQuery = (id: number) => urlQuery<Merchandise>(merchandiseApi.item(id));

export const useMerchandise = () => useQuery(merchandiseQuery());
/** The edit form's item; none on the add form. */
export const useMerchandiseItem = (id: number | null) => useItem(id === null ? null : merchandiseItemQuery(id));

export function useDeleteMerchandise() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: merchandiseApi.item,
    invalidate: merchandiseListKeys,
    successToast: "Item deleted",
    errorToast: "Failed to delete merchandise item. Please try again.",
  });
}

/** Create (no item) or update; `onError` gets the failure after the spec's toast (e.g. to mark fields). */
export function useSaveMerchandise(item: Merchandise | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<MerchandiseData>({
    method: item ? "PUT" : "POST",
    url: item ? merchandiseApi.item(item.id) : merchandiseApi.list,
    invalidate: item ? [...merchandiseListKeys, merchandiseApi.item(item.id)] : merchandiseListKeys,
    successToast: item ? "Merchandise updated successfully" : "Merchandise created successfully",
    errorToast: item ? "Failed to update merchandise. Please try again." : "Failed to create merchandise. Please try again.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

/** The admin's drag-and-drop order, which the public merch pages show too. */
export const useReorderMerchandise = () =>
  useReorder<Merchandise>({ listKey: merchandiseApi.list, orderUrl: merchandiseApi.order, invalidate: merchandiseListKeys, successText: "Order saved", errorText: "Failed to save the order. Please try again." });
