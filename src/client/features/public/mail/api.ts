import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { preferencesApi, type Preferences, type PreferencesInput } from "@shared/api/preferences";
import { apiRequest } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";

/** The fan's own record, read with the token from their mail (404: unknown token, 410: deleted). */
export const preferencesQuery = (token: string) => urlQuery<Preferences>(preferencesApi.read(token));

export const usePreferences = (token: string) => useQuery({ ...preferencesQuery(token), enabled: token !== "" });

/** PUT: the answer is the saved record, which becomes the page's data. */
export function useSavePreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<PreferencesInput, "token">) => apiRequest<Preferences>("PUT", preferencesApi.item, { ...input, token }),
    onSuccess: (res) => queryClient.setQueryData(preferencesQuery(token).queryKey, res.data),
  });
}

export function useUnsubscribeFromPreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiRequest("POST", preferencesApi.unsubscribe, { token }),
    onSuccess: () => queryClient.setQueryData<Preferences>(preferencesQuery(token).queryKey, (p) => (p ? { ...p, isSubscribed: false } : p)),
  });
}

/** DELETE: erases the record; the page then shows the answer, never the old data again. */
export function useDeleteMyData(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiRequest("DELETE", preferencesApi.item, { token }),
    onSuccess: () => queryClient.removeQueries({ queryKey: preferencesQuery(token).queryKey }),
  });
}
