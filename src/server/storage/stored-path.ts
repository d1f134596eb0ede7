import path from "node:path";

/**
 * The file on disk of an upload's site path: `/uploads/seed/x.jpg` -> `<uploadsDir>/seed/x.jpg`.
 * Null for anything outside the uploads folder: a recorded path is the server's own, but it is
 * never read or deleted outside that folder.
 */
export function uploadFileOf(uploadsDir: string, sitePath: string): string | null {
  if (!sitePath.startsWith("/uploads/")) return null;
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, sitePath.slice("/uploads/".length));
  return file.startsWith(root + path.sep) ? file : null;
}
