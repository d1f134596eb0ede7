/** Upload limits (ARCHITECTURE.md): what each kind of upload may weigh. */
export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  merchImage: 5 * MB,
  audio: 10 * MB,
  coverArt: 2 * MB,
  image: 5 * MB, // member photos and other images
} as const;
