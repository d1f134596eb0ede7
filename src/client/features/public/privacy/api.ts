import { useQuery } from "@tanstack/react-query";
import { privacyApi, type PrivacyFacts } from "@shared/api/privacy";
import { urlQuery } from "@client/lib/query-client";

/** What the privacy page takes from the server's configuration (inlined with /privacy). */
export const privacyFactsQuery = () => urlQuery<PrivacyFacts>(privacyApi.facts);

export const usePrivacyFacts = () => useQuery(privacyFactsQuery());
