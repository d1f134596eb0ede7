/**
 * Upload limits (ARCHITECTURE.md): what each kind of upload may weigh. The server enforces
 * them (src/server/storage); the admin's upload fields check them before sending a byte.
 */
export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  merchImage: 5 * MB,
  audio: 10 * MB,
  coverArt: 2 * MB,
  image: 5 * MB, // member photos and other images
  pdf: 10 * MB, // the press kit's stage plot and tech rider (issue 25)
} as const;

/** 'max 5MB', as the hints and messages say it. */
export const maxSizeText = (limit: number) => `max ${limit / MB}MB`;

/** The 413 message, also shown when the browser refuses a file before uploading it. */
export const tooLargeMessage = (limit: number) => `File is too large (${maxSizeText(limit)})`;
