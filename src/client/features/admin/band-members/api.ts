import type { BandMember } from "@shared/schemas/band-members";
import { useResourceMutation } from "@client/lib/resource";

/** The admin list (every member); the public list key is refreshed too so the site follows at once. */
export const MEMBERS_URL = "/api/band-members?all=true";
export const PUBLIC_MEMBERS_URL = "/api/band-members";
export const memberUrl = (id: number | string) => `/api/band-members/${id}`;
const invalidate = [MEMBERS_URL, PUBLIC_MEMBERS_URL];

export function useDeleteMember() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: memberUrl,
    invalidate,
    successToast: "Band member deleted",
    errorToast: "There was an error deleting the band member.",
  });
}

/** Sends the opposite of the row's current value. */
export function useToggleMemberActive() {
  return useResourceMutation<BandMember>({
    method: "PUT",
    url: (m) => `${memberUrl(m.id)}/active`,
    body: (m) => ({ isActive: !m.isActive }),
    invalidate,
    successToast: "Status updated",
    errorToast: "There was an error updating the band member status.",
  });
}

export interface MemberPayload {
  name: string;
  role: string;
  bio: string | null;
  joinDate: string | null;
  isActive: boolean;
  sortOrder: number;
  imageUrl?: string | null;
  socialLinks: { facebook: string | null; instagram: string | null; twitter: string | null };
}

export function useSaveMember(id: number | null, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<MemberPayload>({
    method: id ? "PUT" : "POST",
    url: id ? memberUrl(id) : "/api/band-members",
    invalidate: id ? [...invalidate, memberUrl(id)] : invalidate,
    successToast: id ? "Band member updated" : "Band member created",
    errorToast: id ? "There was an error updating the band member." : "There was an error creating the band member.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
