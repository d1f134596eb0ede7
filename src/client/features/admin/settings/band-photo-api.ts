import { useQuery } from "@tanstack/react-query";
import { bandPhotoApi, type BandPhoto } from "@shared/api/band-photo";
import { uploadsApi } from "@shared/api/uploads";
import { urlQuery } from "@client/lib/query-client";
import { useResourceMutation } from "@client/lib/resource";
import { uploadFile } from "@client/lib/upload";

/** The band photo (issue 21): the same cache entry as the home page's hero. */
export const bandPhotoQuery = () => urlQuery<BandPhoto | null>(bandPhotoApi.item);
export const useBandPhoto = () => useQuery(bandPhotoQuery());

/** Sends a new photo as the band photo (which also makes its JPEG share image); its path. */
export async function uploadBandPhoto(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const res = await uploadFile(uploadsApi.media("image", "band-photo"), file, { fields: { fileType: "image" }, onProgress });
  return res.data.filePath;
}

export const useSaveBandPhoto = () =>
  useResourceMutation<{ imageUrl: string; altText: string }, BandPhoto>({
    method: "PUT",
    url: bandPhotoApi.item,
    invalidate: [bandPhotoApi.item],
    successToast: "Band photo saved",
  });

export const useRemoveBandPhoto = () =>
  useResourceMutation<void>({
    method: "DELETE",
    url: bandPhotoApi.item,
    invalidate: [bandPhotoApi.item],
    successToast: "Band photo removed",
  });
