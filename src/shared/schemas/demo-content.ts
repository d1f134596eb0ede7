import { z } from "zod";
import { dataAnswer, savedAnswer } from "./answers";

/** The resources the demo seed fills, as the admin's lists name them. */
export const DEMO_RESOURCES = ["shows", "merchandise", "videos", "lyrics", "bandMembers", "audioTracks"] as const;
export type DemoResource = (typeof DEMO_RESOURCES)[number];

const ids = z.array(z.number());

/** GET /api/admin/demo-content: the rows still as the demo seed wrote them (edited ones are the band's). */
export const demoContentRecord = z.object({ shows: ids, merchandise: ids, videos: ids, lyrics: ids, bandMembers: ids, audioTracks: ids, total: z.number() });
export type DemoContent = z.input<typeof demoContentRecord>;

/** DELETE /api/admin/demo-content: how many of each were removed (files: uploads; settings: demo values reset). */
export const demoRemovalRecord = z.object({
  shows: z.number(),
  merchandise: z.number(),
  videos: z.number(),
  lyrics: z.number(),
  bandMembers: z.number(),
  audioTracks: z.number(),
  files: z.number(),
  settings: z.number(),
});
export type DemoRemoval = z.input<typeof demoRemovalRecord>;

export const demoContentAnswers = { status: dataAnswer(demoContentRecord), removed: savedAnswer(demoRemovalRecord) };
