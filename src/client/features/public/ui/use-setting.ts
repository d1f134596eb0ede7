import { useQuery } from "@tanstack/react-query";
import type { SettingKey } from "@shared/constants";
import { settingOrDefault } from "@shared/settings-defaults";
import { getQueryFn } from "@client/lib/query-client";

type SettingData = { key: string; value: string | null } | null;

/**
 * One setting as the public pages use it (spec: settings queries tolerate a 401 with null).
 * `value` has the built-in default applied; `stored` is what the admin saved, if anything.
 */
export function useSetting(key: SettingKey) {
  const query = useQuery<SettingData>({
    queryKey: [`/api/settings/${key}`],
    queryFn: getQueryFn<SettingData>({ on401: "returnNull" }) as never,
  });
  const stored = query.data?.value ?? null;
  return { value: settingOrDefault(key, stored), stored, isLoading: query.isLoading };
}
