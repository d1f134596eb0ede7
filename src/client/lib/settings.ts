import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { settingsApi, type Setting, type SettingKey } from "@shared/api/settings";
import { settingOrDefault } from "@shared/settings-defaults";
import { apiRequest } from "./api-client";
import { getQueryFn } from "./query-client";

/**
 * One setting through its public GET, for the public pages and the admin alike: one cache entry
 * per key, the one the server inlines into the page. Spec: settings queries tolerate a 401 with null.
 */
export function settingQuery(key: SettingKey) {
  return queryOptions<Setting | null, Error, Setting | null, readonly unknown[]>({
    queryKey: [settingsApi.item(key)],
    queryFn: getQueryFn<Setting>({ on401: "returnNull" }),
  });
}

/** `value` has the built-in default applied; `stored` is what the admin saved (null: never saved). */
export function useSetting(key: SettingKey) {
  const query = useQuery(settingQuery(key));
  const stored = query.data?.value ?? null;
  return { value: settingOrDefault(key, stored), stored, isLoading: query.isLoading };
}

/** PUT /api/settings/{key}, then refresh that key everywhere it is shown. */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return async (key: SettingKey, value: string) => {
    await apiRequest("PUT", settingsApi.item(key), { value });
    await queryClient.invalidateQueries({ queryKey: settingQuery(key).queryKey });
  };
}
