import { and, eq, inArray, sql } from "drizzle-orm";
import type { DemoContent, DemoRemoval } from "@shared/schemas/demo-content";
import type { Db } from "../../db/client";
import { audioTracks, bandMembers, lyrics, mediaFiles, merchandise, settings, shows, untouchedDemo, videos } from "../../db/schema";
import { demoSettings } from "../../db/seed/demo-content";

/** The demo seed's tables, by the name the admin's lists use. */
const TABLES = { shows, merchandise, videos, lyrics, bandMembers, audioTracks } as const;


export async function demoContentIds(db: Db): Promise<DemoContent> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, t]) => [name, (await db.select({ id: t.id }).from(t).where(untouchedDemo(t)).orderBy(t.id)).map((r) => r.id)] as const),
  );
  const byResource = Object.fromEntries(entries) as Omit<DemoContent, "total">;
  return { ...byResource, total: entries.reduce((n, [, list]) => n + list.length, 0) };
}

/**
 * Deletes every untouched demo row, the demo uploads no remaining row refers to, and the demo
 * settings still at their demo values (they fall back to the defaults), in one transaction.
 * Returns the counts and the upload paths (URL paths, originals and variants) to delete once committed.
 */
export async function removeDemoContent(db: Db): Promise<{ removed: DemoRemoval; files: string[] }> {
  return db.transaction(async (tx) => {
    const removed = { files: 0, settings: 0 } as DemoRemoval;
    for (const [name, t] of Object.entries(TABLES)) {
      removed[name as keyof typeof TABLES] = (await tx.delete(t).where(untouchedDemo(t)).returning({ id: t.id })).length;
    }
    // an upload stays while anything the band kept still points at it (an edited demo item keeps its photo)
    const stillUsed = sql`(
      select image_url from ${merchandise} union all select thumbnail_url from ${videos}
      union all select audio_url from ${audioTracks} union all select cover_art_url from ${audioTracks}
      union all select image_url from ${bandMembers} where image_url is not null
      union all select value from ${settings})`;
    const gone = await tx
      .delete(mediaFiles)
      .where(and(eq(mediaFiles.isDemo, true), sql`${mediaFiles.filePath} not in ${stillUsed}`))
      .returning({ filePath: mediaFiles.filePath, variants: mediaFiles.variants });
    removed.files = gone.length;
    const demoKeys = Object.keys(demoSettings);
    const current = await tx.select().from(settings).where(inArray(settings.key, demoKeys));
    const unchanged = current.filter((s) => s.value === demoSettings[s.key]).map((s) => s.key);
    if (unchanged.length > 0) await tx.delete(settings).where(inArray(settings.key, unchanged));
    removed.settings = unchanged.length;
    const files = gone.flatMap((f) => [f.filePath, ...(f.variants ?? []).map((v) => v.path)]);
    return { removed, files };
  });
}
