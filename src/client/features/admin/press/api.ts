import { useQuery } from "@tanstack/react-query";
import { audioTracksApi, type AudioTrack } from "@shared/api/audio-tracks";
import { pressApi, pressLinkKeys, type AdminPressKit, type PressKitInput, type PressLink, type PressLinkInput } from "@shared/api/press";
import { uploadsApi } from "@shared/api/uploads";
import { ApiError } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";
import { uploadFile } from "@client/lib/upload";

export const usePressKitAdmin = () => useItem(urlQuery<AdminPressKit>(pressApi.adminKit));

export function useSavePressKit(opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<PressKitInput>({
    method: "PUT",
    url: pressApi.adminKit,
    invalidate: [pressApi.adminKit, pressApi.kit],
    successToast: "Press kit saved",
    errorToast: "Failed to save the press kit. Please try again.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

export const usePressLinks = () => useQuery(urlQuery<PressLink[]>(pressApi.links));
/** the tracks a link may stream: every track in the library (the admin list) */
export const useAllTracks = () => useQuery(urlQuery<AudioTrack[]>(audioTracksApi.adminList));

export function useCreatePressLink(onCreated: (url: string) => void) {
  return useResourceMutation<PressLinkInput, { id: number; url: string }>({
    method: "POST",
    url: pressApi.links,
    invalidate: [...pressLinkKeys],
    successToast: "Press link created",
    errorToast: "Failed to create the press link. Please try again.",
    onSuccess: (result) => onCreated(result.data!.url),
  });
}

export function useRevokePressLink() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: pressApi.link,
    invalidate: [...pressLinkKeys],
    successToast: "Press link revoked",
    errorToast: "Failed to revoke the press link. Please try again.",
  });
}

/** Uploads one file for the kit (a photo, a logo, a PDF); resolves with its stored path. */
export async function uploadPressFile(kind: "image" | "pdf", file: File): Promise<string> {
  try {
    const result = await uploadFile(uploadsApi.media(kind), file);
    const path = result?.data?.filePath;
    if (!path) throw new Error("Invalid response from file upload service");
    return path;
  } catch (err) {
    throw new Error(err instanceof ApiError ? (err.serverMessage ?? "Could not upload file. Please try again.") : "Could not upload file. Please try again.", { cause: err });
  }
}
