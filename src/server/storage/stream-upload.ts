import fs from "node:fs";
import type { FastifyReply } from "fastify";
import { uploadFileOf } from "./stored-path";

const AUDIO_TYPES: Record<string, string> = { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" };

/**
 * Streams an uploaded file to a player, honouring one `Range` (seeking), without any of the
 * public /uploads route's caching: for a file only some may hear (issue 25's unreleased tracks
 * on a private press link). `inline` with no file name, so the browser plays it and offers no
 * download of its own. Null when the file is not in the uploads folder (the caller's 404).
 */
export async function streamUpload(reply: FastifyReply, uploadsDir: string, sitePath: string, range: string | undefined): Promise<FastifyReply | null> {
  const file = uploadFileOf(uploadsDir, sitePath);
  if (!file) return null;
  let size: number;
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) return null;
    size = stat.size;
  } catch {
    return null;
  }
  const type = AUDIO_TYPES[sitePath.slice(sitePath.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
  reply.header("content-type", type).header("accept-ranges", "bytes").header("content-disposition", "inline").header("x-content-type-options", "nosniff");
  const wanted = range ? parseRange(range, size) : null;
  if (wanted === "unsatisfiable") return reply.status(416).header("content-range", `bytes */${size}`).send();
  if (!wanted) return reply.status(200).header("content-length", size).send(fs.createReadStream(file));
  const { start, end } = wanted;
  return reply
    .status(206)
    .header("content-range", `bytes ${start}-${end}/${size}`)
    .header("content-length", end - start + 1)
    .send(fs.createReadStream(file, { start, end }));
}

/** One 'bytes=a-b', 'bytes=a-' or 'bytes=-n' range; several ranges are answered whole (null), as RFC 9110 allows. */
export function parseRange(header: string, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
