import type { FastifyReply } from "fastify";
import { keyOfSitePath, parseRange, type ObjectStore } from "./object-store";

const AUDIO_TYPES: Record<string, string> = { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" };

/**
 * Streams an uploaded file to a player, honouring one `Range` (seeking), without any of the
 * public /uploads route's caching: for a file only some may hear (issue 25's unreleased tracks
 * on a private press link). `inline` with no file name, so the browser plays it and offers no
 * download of its own. Read from the store, disk or bucket (decision 039). Null when there is no
 * such upload (the caller's 404); a bucket that does not answer throws StorageUnavailable (503).
 */
export async function streamUpload(reply: FastifyReply, store: ObjectStore, sitePath: string, range: string | undefined): Promise<FastifyReply | null> {
  const key = keyOfSitePath(sitePath);
  if (!key) return null;
  const wanted = parseRange(range);
  const read = await store.read(key, wanted ? { range: wanted } : {});
  if (read.status === "missing" || read.status === "not-modified") return null;
  const type = AUDIO_TYPES[sitePath.slice(sitePath.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
  reply.header("content-type", type).header("accept-ranges", "bytes").header("content-disposition", "inline").header("x-content-type-options", "nosniff");
  if (read.status === "unsatisfiable") return reply.status(416).header("content-range", `bytes */${read.size}`).send();
  if (!read.range) return reply.status(200).header("content-length", read.size).send(read.body);
  const { start, end } = read.range;
  return reply
    .status(206)
    .header("content-range", `bytes ${start}-${end}/${read.size}`)
    .header("content-length", end - start + 1)
    .send(read.body);
}
