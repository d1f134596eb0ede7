/** The band photo (issue 21): the home page's hero image and the site's share image. */
export type { BandPhoto, BandPhotoInput } from "../schemas/band-photo";

export const bandPhotoApi = {
  /** GET (public; inlined with the home page), PUT and DELETE (admin) */
  item: "/api/band-photo",
} as const;
