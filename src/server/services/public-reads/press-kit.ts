import { desc, eq, inArray } from "drizzle-orm";
import type { PressKit } from "@shared/schemas/press";
import type { Db } from "../../db/client";
import { mediaFiles, pressKit, releases, type PressKitRow } from "../../db/schema";
import { responsiveImages } from "../images/responsive-images";

/** The one row of the press kit (modules/press writes it). */
export const PRESS_KIT_ID = 1;

export async function readPressKitRow(db: Db): Promise<PressKitRow | null> {
  const [row] = await db.select().from(pressKit).where(eq(pressKit.id, PRESS_KIT_ID)).limit(1);
  return row ?? null;
}

/**
 * The latest release for /press (issue 25): the newest published one, out or still counting down
 * (press wants to hear of the next one too); its page, its cover, its time. Its links are not
 * shown here, so the kit does not change by itself when the release comes out.
 */
export async function latestReleaseForPress(db: Db): Promise<PressKit["latestRelease"]> {
  const [row] = await db.select().from(releases).where(eq(releases.published, true)).orderBy(desc(releases.releaseAt), desc(releases.id)).limit(1);
  if (!row) return null;
  return { title: row.title, url: `/releases/${row.slug}`, coverUrl: row.coverImage || null, releaseAt: row.releaseAt.toISOString() };
}

/**
 * The kit as /press and a private link's page show it: the photos with their variants (the page
 * shows a small one, the link downloads the original) and each file's name on the band's
 * computer (the download's name). `private`: a private link shows it even while /press is off.
 */
export async function readPressKit(db: Db, { evenIfOff = false } = {}): Promise<PressKit | null> {
  const row = await readPressKitRow(db);
  if (row && !row.isPublic && !evenIfOff) return null;
  const kit = row ?? emptyKit();
  const urls = [...kit.photos.map((p) => p.url), ...kit.logos.map((l) => l.url), kit.stagePlotUrl, kit.techRiderUrl].filter(Boolean);
  const [images, names, latestRelease] = await Promise.all([responsiveImages(db, kit.photos.map((p) => p.url)), originalNames(db, urls), latestReleaseForPress(db)]);
  return {
    shortBio: kit.shortBio,
    longBio: kit.longBio,
    photos: kit.photos.map((p) => ({ ...p, image: images.get(p.url) ?? null, fileName: names.get(p.url) ?? fileNameOf(p.url) })),
    logos: kit.logos.map((l) => ({ ...l, fileName: names.get(l.url) ?? fileNameOf(l.url) })),
    quotes: kit.quotes,
    stagePlotUrl: kit.stagePlotUrl,
    techRiderUrl: kit.techRiderUrl,
    bookingName: kit.bookingName,
    bookingEmail: kit.bookingEmail,
    pressName: kit.pressName,
    pressEmail: kit.pressEmail,
    latestRelease,
  };
}

/** A kit never saved: public, empty (the page says what it has not got yet). */
export function emptyKit(): Omit<PressKitRow, "updatedAt"> & { updatedAt: Date | null } {
  return { id: PRESS_KIT_ID, isPublic: true, shortBio: "", longBio: "", photos: [], logos: [], quotes: [], stagePlotUrl: "", techRiderUrl: "", bookingName: "", bookingEmail: "", pressName: "", pressEmail: "", updatedAt: null };
}

const fileNameOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** The uploads' names as the band's files were called: what a download is saved as. */
async function originalNames(db: Db, urls: string[]): Promise<Map<string, string>> {
  if (!urls.length) return new Map();
  const rows = await db.select({ filePath: mediaFiles.filePath, originalName: mediaFiles.originalName }).from(mediaFiles).where(inArray(mediaFiles.filePath, urls));
  return new Map(rows.map((r) => [r.filePath, r.originalName]));
}
