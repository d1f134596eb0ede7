import { useEffect } from "react";
import { useBandName } from "@client/lib/band-name";

/** Keeps the tab title in step on client-side navigation (the server sets it for the first load). */
export function usePageTitle(title: string | null) {
  const band = useBandName();
  useEffect(() => {
    document.title = title ? `${title} | ${band}` : `${band} | Emo and hardcore from eastern North Carolina`;
  }, [title, band]);
}
