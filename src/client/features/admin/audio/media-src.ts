/**
 * Stored paths may be relative ('uploads/a.mp3'); as page-relative URLs they would break under
 * /admin/audio, so a missing leading slash is added (spec section 4). Full URLs pass unchanged.
 */
export function mediaSrc(url: string): string {
  if (!url) return url;
  if (url.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `/${url}`;
}
