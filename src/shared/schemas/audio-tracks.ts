import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { responsiveImageRecord } from "./images";
import { mediaUrl } from "./media-url";
import { text } from "./text";

/** numeric(6,2): at most 9999.99 seconds. */
export const MAX_DURATION_SECONDS = 9999.99;
const DURATION_MESSAGE = "Duration must be a positive number";

/** Coerced to a number (spec section 5): numbers and numeric strings pass, anything else is refused. */
const duration = z
  .union([z.number(), text()], { message: DURATION_MESSAGE })
  .transform((v) => (typeof v === "number" ? v : v.trim() === "" ? Number.NaN : Number(v)))
  .pipe(
    z
      .number({ message: DURATION_MESSAGE })
      .min(0.01, DURATION_MESSAGE)
      .max(MAX_DURATION_SECONDS, `Duration is too long (${MAX_DURATION_SECONDS} seconds at most)`),
  );

const requiredText = (message: string, max = 200) =>
  text({ message }).trim().min(1, message).max(max, `${message.replace(" is required", "")} is too long (${max} characters at most)`);

/** POST /api/audio-tracks and PUT /api/audio-tracks/{id} (spec sections 3, 5 and 7), and the full admin form. */
export const audioTrackInput = z.object({
  title: requiredText("Title is required"),
  artist: requiredText("Artist is required"),
  audioUrl: mediaUrl({ invalid: "Audio file URL must be an uploaded file or an http(s) link" }).refine((v) => v !== "", "Audio file URL is required"),
  coverArtUrl: mediaUrl({ invalid: "Cover art URL must be an uploaded file or an http(s) link" }).nullish().transform((v) => v ?? ""),
  duration,
  isFeatured: z.boolean({ message: "isFeatured must be true or false" }).optional().default(false),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional().default(true),
  /** not out yet (issue 25): kept off the player and /uploads, streamed only by a private press link; left out, a PUT keeps it as it was */
  unreleased: z.boolean({ message: "unreleased must be true or false" }).optional(),
});
export type AudioTrackInput = z.input<typeof audioTrackInput>;
export type AudioTrackValues = z.output<typeof audioTrackInput>;

export const audioFeaturedInput = z.object({ isFeatured: z.boolean({ message: "isFeatured must be true or false" }) });
export const audioActiveInput = z.object({ isActive: z.boolean({ message: "isActive must be true or false" }) });

/** The simplified add form's checks, in the spec's order; the first failure is shown as a 'Validation Error' toast. */
export interface SimpleAudioDraft {
  title: string;
  artist: string;
  duration: string;
  audioMode: "upload" | "link";
  hasAudioFile: boolean;
  audioUrl: string;
}
export function firstSimpleAudioError(d: SimpleAudioDraft): string | null {
  if (!d.title.trim()) return "Title is required";
  if (!d.artist.trim()) return "Artist is required";
  const seconds = Number(d.duration);
  // empty or not a number (spec); zero and negative are no duration either
  if (d.duration.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) return "Valid duration (in seconds) is required";
  if (d.audioMode === "upload" && !d.hasAudioFile) return "Please select an audio file or provide a URL";
  if (d.audioMode === "link" && !d.audioUrl.trim()) return "Please provide an audio URL or upload a file";
  return null;
}

/** An audio track as the API sends it; duration (seconds) travels as a decimal string. */
export const audioTrackRecord = z.object({
  id: z.number(),
  title: z.string(),
  artist: z.string(),
  audioUrl: z.string(),
  coverArtUrl: z.string(),
  /** the uploaded cover art's resized variants (the featured list; absent or null otherwise) */
  coverArt: responsiveImageRecord.nullish(),
  duration: z.string(),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  unreleased: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AudioTrack = z.input<typeof audioTrackRecord>;

export const audioTrackAnswers = { list: dataAnswer(z.array(audioTrackRecord)), item: dataAnswer(audioTrackRecord), saved: savedAnswer(audioTrackRecord) };
