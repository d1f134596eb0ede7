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

/** Where the demo's media files go: the app's upload store (app.storage, storage/object-store.ts). */
export interface SeedFileStore {
  putFile(key: string, file: string): Promise<void>;
}

/** Without a store: copied under DATA_DIR/uploads (the local store's layout). */
const uploadsFolder = (config: AppConfig): SeedFileStore => ({
  async putFile(key, file) {
    const target = path.join(config.uploadsDir, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  },
});

/**
 * Demo content for a first-time visitor, written only into an empty database: a fictional
 * band with shows, merch in every tab, videos, two playable tracks with cover art, lyrics,
 * members and about text. Its media files are copied from assets/seed into the upload store
 * (`/uploads/seed/...`) before the rows that name them are committed.
 */
export async function seedDemoContent(db: Db, config: AppConfig, store: SeedFileStore = uploadsFolder(config)): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const media: (typeof mediaFiles.$inferInsert)[] = [];
  const copy = (file: string, fileType: "audio" | "image") => {
    const filePath = `/uploads/seed/${file}`;
    if (!media.some((m) => m.filePath === filePath)) {
      media.push({ fileName: file, originalName: file, filePath, fileType, fileSize: fs.statSync(path.join(SEED_ASSETS_DIR, file)).size, mimeType: fileType === "audio" ? "audio/mpeg" : "image/jpeg", isDemo: true });
    }
    return filePath;
  };
  // the rows' paths first (nothing written), then the files, then the rows
  const rows = {
    merch: demoMerch.map(({ image, ...m }) => ({ ...m, imageUrl: copy(image, "image"), isDemo: true })),
    videos: demoVideos.map(({ image, ...v }) => ({ ...v, thumbnailUrl: copy(image, "image"), isDemo: true })),
    tracks: demoTracks.map((t) => ({ title: t.title, artist: demoSettings["band-name"], audioUrl: copy(t.file, "audio"), coverArtUrl: copy(t.cover, "image"), duration: t.duration, isFeatured: true, isActive: true, isDemo: true })),
  };
  for (const m of media) await store.putFile(`seed/${m.fileName}`, path.join(SEED_ASSETS_DIR, m.fileName));

  await db.transaction(async (tx) => {
    const about = (["about-para1", "about-para2", "about-para3"] as const).map((key) => ({ key, value: SETTING_DEFAULTS[key]! }));
    await tx.insert(settings).values([...Object.entries(demoSettings).map(([key, value]) => ({ key, value })), ...about]);
    await tx.insert(shows).values(demoShows().map((s) => ({ ...s, isDemo: true })));
    await tx.insert(merchandise).values(rows.merch);
    await tx.insert(videos).values(rows.videos);
    await tx.insert(audioTracks).values(rows.tracks);
    await tx.insert(lyrics).values(demoLyrics.map((l) => ({ ...l, isPublished: true, isDemo: true })));
    await tx.insert(bandMembers).values(demoMembers.map((m) => ({ ...m, isActive: true, socialLinks: {}, isDemo: true })));
    await tx.insert(mediaFiles).values(media);
  });
  return true;
}
