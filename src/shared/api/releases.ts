/** Releases (issue 25): the public pages' reads, the admin's resource, 'e-mail me' and the free download. */
export type { Release, AdminRelease, ReleaseInput, ReleaseTrack } from "../schemas/releases";

export const releasesApi = {
  /** GET (public): published releases, newest first. POST (admin): create */
  list: "/api/releases",
  /** GET (public): one published release by id or slug; PUT, DELETE (admin, by id) */
  item: (idOrSlug: number | string) => `/api/releases/${idOrSlug}`,
  /** GET (admin): every release, drafts too, with its counts */
  adminList: "/api/admin/releases",
  /** GET (admin): one release as the form edits it */
  adminItem: (id: number) => `/api/admin/releases/${id}`,
  /** POST { email, subscribe? }: always the same 200, then a confirmation mail */
  notify: (id: number) => `/api/releases/${id}/notify`,
  /** POST { token }: the mail's link confirmed by the app (the page does it without JavaScript) */
  notifyConfirm: "/api/releases/notify/confirm",
  /** the page the notify mail's link opens (?token=) */
  notifyConfirmPage: "/release/notify",
  /** POST { email }: the free download for the list; always the same 200, then a confirmation mail */
  download: (id: number) => `/api/releases/${id}/download`,
  /** the page the download mail's link opens (?token=): confirms, then gives the personal link */
  downloadConfirmPage: "/release/download",
  /** GET: the personal download link (the file, or 410 once used up or expired) */
  file: (token: string) => `/download/${token}`,
} as const;

/** Every list a release write changes. */
export const releaseListKeys = [releasesApi.list, releasesApi.adminList];

/** The one answer to 'E-mail me when it is out', whoever the address belongs to. */
export const NOTIFY_SUCCESS = "Almost there: check your email and open the link to confirm. We'll write the minute it's out.";
/** The one answer to the free download's form. */
export const DOWNLOAD_SUCCESS = "Check your email: open the link in it to confirm your address and get your download.";

/** A personal download link works this many times and this long. */
export const DOWNLOAD_LIMIT = 5;
export const DOWNLOAD_DAYS = 7;
