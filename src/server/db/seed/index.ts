import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import type { AppConfig } from "../../config";
import { appRoot } from "../../paths";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { audioTracks, bandMembers, lyrics, mediaFiles, merchandise, settings, shows, videos } from "../schema";
import { demoLyrics, demoMembers, demoMerch, demoSettings, demoShows, demoTracks, demoVideos } from "./demo-content";

export const SEED_ASSETS_DIR = path.join(appRoot, "assets", "seed");
const CONTENT_TABLES = [audioTracks, videos, shows, merchandise, lyrics, bandMembers, settings] as const;

/** True when no content table holds a row: only then is the demo content written. */
async function isEmpty(db: Db) {
  for (const table of CONTENT_TABLES) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    if (n > 0) return false;
  }
  return true;
}

/**
 * Demo content for a first-time visitor, written only into an empty database: a fictional
 * band with shows, merch in every tab, videos, two playable tracks with cover art, lyrics,
 * members and about text. Its media files are copied from assets/seed into DATA_DIR/uploads.
 */
export async function seedDemoContent(db: Db, config: AppConfig): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const dir = path.join(config.uploadsDir, "seed");
  fs.mkdirSync(dir, { recursive: true });
  const media: (typeof mediaFiles.$inferInsert)[] = [];
  const copy = (file: string, fileType: "audio" | "image") => {
    const target = path.join(dir, file);
    fs.copyFileSync(path.join(SEED_ASSETS_DIR, file), target);
    const filePath = `/uploads/seed/${file}`;
    media.push({ fileName: file, originalName: file, filePath, fileType, fileSize: fs.statSync(target).size, mimeType: fileType === "audio" ? "audio/mpeg" : "image/jpeg", isDemo: true });
    return filePath;
  };

  const band = demoSettings["band-name"];
  await db.transaction(async (tx) => {
    const about = (["about-para1", "about-para2", "about-para3"] as const).map((key) => ({ key, value: SETTING_DEFAULTS[key]! }));
    await tx.insert(settings).values([...Object.entries(demoSettings).map(([key, value]) => ({ key, value })), ...about]);
    await tx.insert(shows).values(demoShows().map((s) => ({ ...s, isDemo: true })));
    await tx.insert(merchandise).values(demoMerch.map(({ image, ...m }) => ({ ...m, imageUrl: copy(image, "image"), isDemo: true })));
    await tx.insert(videos).values(demoVideos.map(({ image, ...v }) => ({ ...v, thumbnailUrl: copy(image, "image"), isDemo: true })));
    await tx.insert(audioTracks).values(
      demoTracks.map((t) => ({ title: t.title, artist: band, audioUrl: copy(t.file, "audio"), coverArtUrl: copy(t.cover, "image"), duration: t.duration, isFeatured: true, isActive: true, isDemo: true })),
    );
    await tx.insert(lyrics).values(demoLyrics.map((l) => ({ ...l, isPublished: true, isDemo: true })));
    await tx.insert(bandMembers).values(demoMembers.map((m) => ({ ...m, isActive: true, socialLinks: {}, isDemo: true })));
    await tx.insert(mediaFiles).values(media);
  });
  return true;
}
