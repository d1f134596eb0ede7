import { queryOptions, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
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

export interface SettingState {
  /** what the admin saved; null: never saved */
  stored: string | null;
}

/** Several settings at once (a Settings section), each through its own public GET like useSetting. */
export function useSettings<K extends SettingKey>(keys: readonly K[]): { values: Record<K, SettingState>; isLoading: boolean } {
  return useQueries({
    queries: keys.map((key) => settingQuery(key)),
    combine: (results) => ({
      values: Object.fromEntries(keys.map((key, i) => [key, { stored: results[i].data?.value ?? null }])) as Record<K, SettingState>,
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}

/**
 * PUT /api/settings: several settings in one request (all saved, or none: a refused value
 * answers 400 with `errors` by key). Each saved key is shown at once, as stored, and refreshed.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return async (values: Partial<Record<SettingKey, string>>): Promise<Partial<Record<SettingKey, string>>> => {
    const res = await apiRequest<Partial<Record<SettingKey, string>>>("PUT", settingsApi.all, values);
    const saved = res.data ?? {};
    for (const [key, value] of Object.entries(saved) as [SettingKey, string][]) {
      const record: Setting = { key, value };
      queryClient.setQueryData(settingQuery(key).queryKey, record);
    }
    await Promise.all(Object.keys(saved).map((key) => queryClient.invalidateQueries({ queryKey: settingQuery(key as SettingKey).queryKey })));
    return saved;
  };
}
