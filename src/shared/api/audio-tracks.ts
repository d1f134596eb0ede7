/** Audio tracks (spec section 7): the featured player's tracks and the admin library. */
export type { AudioTrack, AudioTrackInput } from "../schemas/audio-tracks";

export const audioTracksApi = {
  /** POST (admin). GET (admin, the spec's call): every track, as adminList answers it */
  list: "/api/audio-tracks",
  /** GET (admin): every track, the admin library */
  adminList: "/api/admin/audio-tracks",
  /** GET (public): featured and active tracks, the player's playlist */
  featured: "/api/audio-tracks?featured=true",
  item: (id: number) => `/api/audio-tracks/${id}`,
  featuredFlag: (id: number) => `/api/audio-tracks/${id}/featured`,
  activeFlag: (id: number) => `/api/audio-tracks/${id}/active`,
} as const;

export const audioTrackListKeys = [audioTracksApi.adminList, audioTracksApi.featured];
