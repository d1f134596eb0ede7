import { useQuery } from "@tanstack/react-query";
import { bandMemberListKeys, bandMembersApi, type BandMember } from "@shared/api/band-members";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

/** The admin list (every member); writes refresh the public list too so the site follows at once. */
export const membersQuery = () => urlQuery<BandMember[]>(bandMembersApi.adminList);
export const memberQuery = (id: number) => urlQuery<BandMember>(bandMembersApi.item(id));

export const useMembers = () => useQuery(membersQuery());
/** The edit form's member; none on the add form. */
export const useMember = (id: number | null) => useItem(id === null ? null : memberQuery(id));

const invalidate = bandMemberListKeys;

export function useDeleteMember() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: bandMembersApi.item,
    invalidate,
    successToast: "Band member deleted",
    errorToast: "There was an error deleting the band member.",
  });
}

/** Sends the opposite of the row's current value. */
export function useToggleMemberActive() {
  return useResourceMutation<BandMember>({
    method: "PUT",
    url: (m) => bandMembersApi.activeFlag(m.id),
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
    url: id ? bandMembersApi.item(id) : bandMembersApi.list,
    invalidate: id ? [...invalidate, bandMembersApi.item(id)] : invalidate,
    successToast: id ? "Band member updated" : "Band member created",
    errorToast: id ? "There was an error updating the band member." : "There was an error creating the band member.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
