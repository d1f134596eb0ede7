/**
 * Resource hooks shared by every screen (TanStack Query + apiRequest + sonner). A feature's api.ts
 * builds its queries and writes from the contract in src/shared/api:
 *
 *   export const showsQuery = () => urlQuery<Show[]>(showsApi.list);   // from ./query-client
 *   export const useShows = () => useQuery(showsQuery());
 *   export const useShow = (id: number | null) => useItem(id === null ? null : showQuery(id));
 *   export const useDeleteShow = () => useResourceMutation<number>({
 *     method: "DELETE", url: showsApi.item, invalidate: showListKeys,
 *     successToast: "Show deleted", errorToast: "Failed to delete show. Please try again.",
 *   });
 *   remove.mutate(show.id, { onSettled: del.close });
 */
import { useMemo, useRef } from "react";
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { ApiError, apiRequest, errorMessage, type ApiResponse } from "./api-client";
import type { UrlQuery } from "./query-client";

type QueryOpts<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, "queryKey" | "queryFn">;

/** GET one record; pass null (e.g. a create form with no id) to skip the request. */
export function useItem<T>(query: UrlQuery<T> | null, opts: QueryOpts<T> = {}) {
  return useQuery<T, Error, T, readonly unknown[]>({
    refetchOnWindowFocus: false,
    ...query,
    ...opts,
    queryKey: query?.queryKey ?? [null],
    enabled: query !== null && (opts.enabled ?? true),
  });
}

/** A toast text: a title, or a title with a description. */
export type ToastText = string | { title: string; description?: string };

export interface ResourceMutationOptions<TVars, TResult> {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  url: string | ((vars: TVars) => string);
  /** request body; default: the variables themselves (none for DELETE) */
  body?: (vars: TVars) => unknown;
  /** query keys (GET URLs) to refetch after success */
  invalidate: string[] | ((vars: TVars) => string[]);
  /** shown with toast.success */
  successToast?: ToastText | ((result: ApiResponse<TResult>, vars: TVars) => ToastText);
  /**
   * Failure toast: a string is the description under the title 'Error' (destructive style);
   * default is the server's message. false: no toast (the caller shows the error itself).
   */
  errorToast?: false | ToastText | ((err: Error, vars: TVars) => ToastText);
  onSuccess?: (result: ApiResponse<TResult>, vars: TVars) => void | Promise<void>;
  onError?: (err: Error, vars: TVars) => void;
}

function showToast(kind: "success" | "error", text: ToastText) {
  if (kind === "success") {
    if (typeof text === "string") toast.success(text);
    else toast.success(text.title, { description: text.description });
  } else {
    // Admin error toasts are titled 'Error' unless the caller gives a title (spec section 8).
    if (typeof text === "string") toast.error("Error", { description: text });
    else toast.error(text.title, { description: text.description });
  }
}

/** A write through apiRequest that refetches the given lists and shows the spec's toasts. */
export function useResourceMutation<TVars = void, TResult = unknown>(options: ResourceMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  const createKey = useRepeatableCreateKey();
  return useMutation<ApiResponse<TResult>, Error, TVars>({
    mutationFn: (vars) => {
      const url = typeof options.url === "function" ? options.url(vars) : options.url;
      const body = options.body ? options.body(vars) : options.method === "DELETE" ? undefined : vars;
      return apiRequest<TResult>(options.method, url, body, { idempotencyKey: options.method === "POST" ? createKey.for(url, body) : undefined });
    },
    onSuccess: async (result, vars) => {
      createKey.done();
      const keys = typeof options.invalidate === "function" ? options.invalidate(vars) : options.invalidate;
      // Awaited: the mutation stays pending until active lists have their fresh data.
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      const text = typeof options.successToast === "function" ? options.successToast(result, vars) : options.successToast;
      if (text) showToast("success", text);
      await options.onSuccess?.(result, vars);
    },
    onError: (err, vars) => {
      if (options.errorToast !== false) {
        const text = typeof options.errorToast === "function" ? options.errorToast(err, vars) : (options.errorToast ?? errorMessage(err));
        showToast("error", text);
      }
      options.onError?.(err, vars);
    },
  });
}

/**
 * Puts a server 400 `errors: { field: message }` onto the form's fields.
 * Returns true when at least one field error was set. Use in a mutation's onError:
 *   onError: (err) => applyServerErrors(err, form.setError)
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError) || !err.body?.errors) return false;
  const entries = Object.entries(err.body.errors).filter(([, message]) => typeof message === "string");
  entries.forEach(([field, message], i) => setError(field as Path<T>, { type: "server", message }, { shouldFocus: i === 0 }));
  return entries.length > 0;
}

/**
 * The `Idempotency-Key` of a create (decision 047): the same values sent again by the same form
 * carry the same key until one is saved. The client gives up after 10 s (spec) and says the save
 * failed; if the server finished it after all, 'try again' is answered with that save instead of
 * making a second show. An upload (FormData) goes without one.
 */
function useRepeatableCreateKey() {
  const last = useRef<{ what: string; key: string } | null>(null);
  return useMemo(
    () => ({
      for(url: string, body: unknown): string | undefined {
        if (typeof FormData !== "undefined" && body instanceof FormData) return undefined;
        const what = `${url}\n${JSON.stringify(body ?? null)}`;
        if (last.current?.what !== what) last.current = { what, key: newKey() };
        return last.current.key;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}

/** 32 random hex digits (crypto.randomUUID needs a secure context; a band's LAN address over http is not one). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
