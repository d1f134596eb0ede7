import { useQuery } from "@tanstack/react-query";
import { bandPhotoApi, type BandPhoto } from "@shared/api/band-photo";
import { urlQuery } from "@client/lib/query-client";

/** The band photo for the header (issue 21), inlined with the home page; null: none. */
export const bandPhotoQuery = () => urlQuery<BandPhoto | null>(bandPhotoApi.item);

export const useBandPhoto = () => useQuery(bandPhotoQuery());
