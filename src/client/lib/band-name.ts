import { useQuery } from "@tanstack/react-query";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import { settingQuery } from "./settings";

/** The band's name from settings (it feeds titles and defaults), with the built-in default. */
export function useBandName(): string {
  return useBandNameQuery().name;
}

/** The same, saying whether the setting is still loading (for text built once from it). */
export function useBandNameQuery(): { name: string; isLoading: boolean } {
  const { data, isLoading } = useQuery({ ...settingQuery("band-name"), staleTime: 5 * 60 * 1000 });
  return { name: data?.value?.trim() || DEFAULT_BAND_NAME, isLoading };
}
