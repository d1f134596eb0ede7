/** Band members (spec section 7). */
export type { BandMember, BandMemberInput, SocialLinks } from "../schemas/band-members";

export const bandMembersApi = {
  /** GET (public): active members. POST (admin) */
  list: "/api/band-members",
  /** GET (admin): every member */
  all: "/api/band-members?all=true",
  item: (id: number) => `/api/band-members/${id}`,
  activeFlag: (id: number) => `/api/band-members/${id}/active`,
} as const;

export const bandMemberListKeys = [bandMembersApi.list, bandMembersApi.all];
