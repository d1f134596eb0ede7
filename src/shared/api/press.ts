/** The press kit and its private links (issue 25). */
export type { AdminPressKit, PressKit, PressKitInput, PressLink, PressLinkInput, PressLinkPage } from "../schemas/press";

export const pressApi = {
  /** GET (public; inlined with /press): the kit, null when switched off */
  kit: "/api/press",
  /** GET and PUT (admin): the whole kit as the form edits it */
  adminKit: "/api/admin/press-kit",
  /** GET (admin): every link with its views; POST { recipient, expiresAt, trackIds? } -> { id, url } */
  links: "/api/admin/press-links",
  /** DELETE (admin): revokes */
  link: (id: number) => `/api/admin/press-links/${id}`,
  /** the public page */
  page: "/press",
  /** a private link's page (the token in the query, so it never reaches a log) */
  linkPage: "/press/link",
  /** GET: a private link's page data (no view counted: the page's own request counts it) */
  linkData: (token: string) => `/api/press/link?token=${encodeURIComponent(token)}`,
  /** GET (Range): one of a link's tracks, streamed; never a download */
  stream: (trackId: number, token: string) => `/api/press/stream/${trackId}?token=${encodeURIComponent(token)}`,
} as const;

export const pressLinkKeys = [pressApi.links] as const;
