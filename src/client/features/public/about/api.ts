import { useQuery } from "@tanstack/react-query";
import { bandMembersApi, type BandMember } from "@shared/api/band-members";
import { urlQuery } from "@client/lib/query-client";

/** Active members (inlined with the home page). */
export const bandMembersQuery = () => urlQuery<BandMember[]>(bandMembersApi.list);

export const useBandMembers = () => useQuery(bandMembersQuery());
