import { useEffect } from "react";
import { useBandName } from "@client/lib/band-name";

/** 'Shows · Admin · <band>': each admin page names itself in the tab and the history (issue 13). */
export const adminTitle = (page: string, band: string) => `${page} · Admin · ${band}`;

export function useAdminTitle(page: string) {
  const band = useBandName();
  useEffect(() => {
    document.title = adminTitle(page, band);
  }, [page, band]);
}
