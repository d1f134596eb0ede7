import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { flag, optionalText, requiredText, sortOrderField } from "./content-fields";

/** POST /api/lyrics and PUT /api/lyrics/{id} (spec sections 3, 5, 7), used by the lyrics form too. */
export const lyricsInput = z.object({
  title: requiredText("Title is required"),
  songName: requiredText("Song name is required"),
  albumName: optionalText(),
  releaseYear: optionalText(20),
  lyricsText: requiredText("Lyrics content is required", 20_000, { multiline: true }),
  isPublished: flag("isPublished", true),
  sortOrder: sortOrderField(),
});

export type LyricsInput = z.input<typeof lyricsInput>;
export type LyricsData = z.output<typeof lyricsInput>;

/** PUT /api/lyrics/{id}/publish */
export const lyricsPublishInput = z.object({
  isPublished: z.boolean({ message: "isPublished must be true or false" }),
});

/** Lyrics as the API sends them. */
export const lyricsRecord = z.object({
  id: z.number(),
  title: z.string(),
  songName: z.string(),
  lyricsText: z.string(),
  albumName: z.string().nullable(),
  releaseYear: z.string().nullable(),
  isPublished: z.boolean(),
  sortOrder: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Lyrics = z.input<typeof lyricsRecord>;

export const lyricsAnswers = {
  list: dataAnswer(z.array(lyricsRecord)),
  item: dataAnswer(lyricsRecord),
  saved: savedAnswer(lyricsRecord),
  /** POST /api/lyrics/homepage: `created` false when the entry was already there (`data` is that entry) */
  homepage: savedAnswer(lyricsRecord).extend({ created: z.boolean() }),
};
export type HomepageLyricsAnswer = z.input<typeof lyricsAnswers.homepage>;
