/**
 * File types by their first bytes (never by name or the client's content type).
 * Returns the canonical mime type and extension, or null when it is not one we accept.
 */
export interface Sniffed {
  mime: string;
  ext: string;
  kind: "image" | "audio" | "pdf";
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString("latin1");

export function sniff(buf: Buffer): Sniffed | null {
  if (buf.length < 12) return sniffSvg(buf);
  if (isPdf(buf)) return { mime: "application/pdf", ext: "pdf", kind: "pdf" };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png", kind: "image" };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", kind: "image" };
  if (ascii(buf, 0, 6) === "GIF87a" || ascii(buf, 0, 6) === "GIF89a") return { mime: "image/gif", ext: "gif", kind: "image" };
  if (ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WEBP") return { mime: "image/webp", ext: "webp", kind: "image" };
  if (ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WAVE") return { mime: "audio/wav", ext: "wav", kind: "audio" };
  if (ascii(buf, 0, 4) === "OggS") return { mime: "audio/ogg", ext: "ogg", kind: "audio" };
  if (ascii(buf, 0, 3) === "ID3") return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
  // MPEG audio frame sync: 11 set bits, layer III (bits 0b01 in the layer field)
  if (buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0 && (buf[1] & 0x06) === 0x02) return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
  return sniffSvg(buf);
}

/**
 * A PDF (issue 25: stage plots and tech riders): '%PDF-1.x' or '%PDF-2.0' at the start (some
 * writers put a few bytes before it; the format allows it in the first 1024, we do not), and an
 * end-of-file marker near the end, so a file merely starting with the five letters is not one.
 */
function isPdf(buf: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(ascii(buf, 0, 8))) return false;
  return ascii(buf, Math.max(0, buf.length - 1024), buf.length).includes("%%EOF");
}

function sniffSvg(buf: Buffer): Sniffed | null {
  const head = buf.subarray(0, 1024).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return { mime: "image/svg+xml", ext: "svg", kind: "image" };
  }
  return null;
}
