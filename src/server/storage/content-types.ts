/**
 * The content type of an upload by its name's extension: what the bucket is told at upload and
 * what the app sends when it streams an object (the app names every upload by its checked type,
 * sniff.ts). Anything else is bytes.
 */
const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
};

export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  return (dot === -1 ? undefined : TYPES[key.slice(dot + 1).toLowerCase()]) ?? "application/octet-stream";
}
