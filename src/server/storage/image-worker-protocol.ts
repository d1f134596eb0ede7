import type { ImageFacts, StoredVariant, VariantTarget } from "./image-variants";

/** What the server asks the image worker (image-worker.ts) and what it answers. */
export interface ImageWorkerJob {
  id: number;
  /** the original on disk (the worker reads it itself: no 5 MB copy through the channel) */
  file: string;
  target: VariantTarget;
  /** false: only rewrite the original without its private metadata (the start-up pass over older uploads) */
  variants?: boolean;
}

/** The photo's displayed size and its variants (none for an animated image). */
export interface PhotoVariants {
  facts: ImageFacts;
  variants: StoredVariant[];
  /** the original's new size when it was rewritten without its EXIF/GPS/XMP/IPTC */
  cleanedSize?: number;
}

export type ImageWorkerReply = ({ id: number; error?: undefined } & PhotoVariants) | { id: number; error: { statusCode: number; message: string } };
