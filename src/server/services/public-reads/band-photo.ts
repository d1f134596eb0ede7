import type { BandPhoto } from "@shared/schemas/band-photo";
import type { Db } from "../../db/client";
import { responsiveImages } from "../images/responsive-images";
import { getSettings } from "../settings";

/**
 * Where the band photo lives (issue 21): two rows of the settings table, written only by the
 * band-photo module (not SETTING_KEYS: it is set by an upload, not typed into a field), so a
 * change to it drops the cached pages with the 'settings' tag like every setting does.
 */
export const BAND_PHOTO_KEYS = { url: "band-photo", alt: "band-photo-alt" } as const;

export interface SharedImage {
  url: string;
  width: number;
  height: number;
}

/** The band photo with its variants, or null when none is set. */
export async function readBandPhoto(db: Db): Promise<BandPhoto | null> {
  const stored = await getSettings(db, [BAND_PHOTO_KEYS.url, BAND_PHOTO_KEYS.alt]);
  const imageUrl = stored[BAND_PHOTO_KEYS.url]?.trim();
  if (!imageUrl) return null;
  const image = (await responsiveImages(db, [imageUrl])).get(imageUrl) ?? null;
  return { imageUrl, altText: stored[BAND_PHOTO_KEYS.alt] ?? "", image };
}

/**
 * The photo's share image for link previews (og:image): its JPEG variant (made at upload), as a
 * site path with its size; null without one (an older upload), and the pages keep the stock image.
 */
export function shareImageOf(photo: BandPhoto | null): SharedImage | null {
  const jpeg = photo?.image?.variants.find((v) => v.format === "jpeg");
  return jpeg ? { url: jpeg.path, width: jpeg.width, height: jpeg.height } : null;
}
