import type { ImageFacts, StoredVariant, VariantTarget } from "./image-variants";

/** What the server asks the image worker (image-worker.ts) and what it answers. */
export interface ImageWorkerJob {
  id: number;
  /** the original on disk (the worker reads it itself: no 5 MB copy through the channel) */
  file: string;
  facts: ImageFacts;
  target: VariantTarget;
}

export type ImageWorkerReply = { id: number; variants: StoredVariant[]; error?: undefined } | { id: number; error: { statusCode: number; message: string } };
