/**
 * Where to go after signing in: the admin page that sent the visitor to the login page
 * (`/admin/login?next=/admin/shows`). Only a same-site /admin path is accepted, so a crafted link
 * cannot send a fresh session elsewhere ('//evil.example', 'https://...', '/\evil', '/admin/..').
 */
export const LOGIN_PATH = "/admin/login";

export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 500 || !raw.startsWith("/admin") || raw.includes("\\")) return "/admin";
  let url: URL;
  try {
    url = new URL(raw, "https://same.site");
  } catch {
    return "/admin";
  }
  if (url.origin !== "https://same.site") return "/admin";
  const path = url.pathname;
  if (path !== "/admin" && !path.startsWith("/admin/")) return "/admin";
  // the signed-out pages would only bounce back here
  if (["/admin/login", "/admin/forgot-password", "/admin/reset-password"].includes(path.replace(/\/$/, ""))) return "/admin";
  return `${path}${url.search}${url.hash}`;
}

/** The login URL that brings the admin back to `path` (a path under /admin) afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === "/admin" ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
