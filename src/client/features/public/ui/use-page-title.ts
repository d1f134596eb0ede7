import { useEffect } from "react";
import { homeTitle } from "@shared/site-copy";
import { useBandName } from "@client/lib/band-name";
import { useSetting } from "@client/lib/settings";

/** Keeps the tab title in step on client-side navigation (the server sets it for the first load). */
export function usePageTitle(title: string | null) {
  const band = useBandName();
  const tagline = useSetting("tagline").value;
  useEffect(() => {
    document.title = title ? `${title} | ${band}` : homeTitle(band, tagline);
  }, [title, band, tagline]);
}
