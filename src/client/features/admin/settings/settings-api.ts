import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SettingKey } from "@shared/constants";
import { settingOrDefault } from "@shared/settings-defaults";
import { apiRequest } from "@client/lib/api-client";

export const settingUrl = (key: SettingKey) => `/api/settings/${key}`;

/** One setting's stored value (null when never saved) through the public GET. */
export function useSettingValue(key: SettingKey) {
  const query = useQuery<{ value: string | null } | null>({ queryKey: [settingUrl(key)] });
  return { ...query, value: query.data?.value ?? null, valueOrDefault: settingOrDefault(key, query.data?.value) };
}

/** PUT /api/settings/{key}, then refresh that key everywhere it is shown. */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return async (key: SettingKey, value: string) => {
    await apiRequest("PUT", settingUrl(key), { value });
    await queryClient.invalidateQueries({ queryKey: [settingUrl(key)] });
  };
}
