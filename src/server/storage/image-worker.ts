import fs from "node:fs/promises";
import { HttpError } from "../lib/http-error";
import { encodeImageVariants, inspectImage, stripPrivateMetadata } from "./image-encoding";
import type { ImageWorkerJob, ImageWorkerReply } from "./image-worker-protocol";

/**
 * The image worker process (forked by image-worker-client.ts): it reads a photo's header (its
 * displayed size; a bomb or unreadable bytes are a 400), encodes its variants and answers over
 * the IPC channel, one job at a time. The server never loads sharp itself. The pixel work happens here rather than in the
 * server because libvips's memory (decoded 12-megapixel photos, its threads' malloc arenas) is
 * never handed back to the system by a long-running process: resizing the demo photos at
 * start-up left the server ~90 MB larger for good. This process exits when the server lets it
 * go (after a quiet spell), and its memory goes with it.
 */
process.on("message", (job: ImageWorkerJob) => {
  void run(job).then((reply) => process.send?.(reply));
});
// the server went away (or let this worker go): nothing more will come
process.on("disconnect", () => process.exit(0));

async function run(job: ImageWorkerJob): Promise<ImageWorkerReply> {
  try {
    let bytes: Buffer = await fs.readFile(job.file);
    const facts = await inspectImage(bytes);
    // the original is public: where a phone photo was taken goes before anything is made from it
    const cleaned = facts.privateMetadata ? await stripPrivateMetadata(job.file, bytes) : null;
    if (cleaned) bytes = cleaned;
    const variants = job.variants === false ? [] : await encodeImageVariants(bytes, facts, job.target);
    return { id: job.id, facts, variants, ...(cleaned && { cleanedSize: cleaned.length }) };
  } catch (err) {
    const statusCode = err instanceof HttpError ? err.statusCode : 500;
    return { id: job.id, error: { statusCode, message: (err as Error).message } };
  }
}
