/** Band members (spec section 7). */
export type { BandMember, BandMemberInput, SocialLinks } from "../schemas/band-members";

export const bandMembersApi = {
  /** GET (public): active members. POST (admin) */
  list: "/api/band-members",
  /** GET (admin): every member (GET /api/band-members?all=true answers the same, for older clients) */
  adminList: "/api/admin/band-members",
  item: (id: number) => `/api/band-members/${id}`,
  activeFlag: (id: number) => `/api/band-members/${id}/active`,
} as const;

export const bandMemberListKeys = [bandMembersApi.list, bandMembersApi.adminList];
