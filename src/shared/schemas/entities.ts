/**
 * The shapes the API sends (spec section 3), shared by server and client.
 * Dates travel as ISO strings; numeric columns (price, duration) as decimal strings.
 * Input schemas (with the spec's validation messages) live in the per-resource files.
 */
import type { ShowStatus } from "../show-status";

export interface AudioTrack {
  id: number;
  title: string;
  artist: string;
  audioUrl: string;
  coverArtUrl: string;
  duration: string;
  isFeatured: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface MediaFile {
  id: number;
  fileName: string;
  originalName: string;
  filePath: string;
  fileType: "audio" | "image";
  fileSize: number;
  mimeType: string;
  createdAt: string;
}

export const VIDEO_CATEGORIES = ["official", "live", "fan", "documentary", "interview", "other"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

export interface Video {
  id: number;
  title: string;
  description: string;
  category: VideoCategory;
  embedUrl: string;
  thumbnailUrl: string;
  isActive: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface Show {
  id: number;
  venue: string;
  location: string;
  /** YYYY-MM-DD */
  date: string;
  time: string;
  price: string;
  ageRestriction: string;
  supportingActs: string;
  eventUrl: string | null;
  status: ShowStatus;
  /** rises with every update (the calendar's SEQUENCE) */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export const MERCH_CATEGORIES = ["T-Shirt", "Hoodie", "Sweatshirt", "Hat", "Poster", "Sticker", "Accessory", "Other"] as const;
export type MerchCategory = (typeof MERCH_CATEGORIES)[number];

/** Public tabs (ARCHITECTURE.md): 'Other' appears under 'all' only. */
export const MERCH_TABS = {
  apparel: ["T-Shirt", "Hoodie", "Sweatshirt", "Hat"],
  accessories: ["Sticker", "Accessory"],
  home: ["Poster"],
} as const satisfies Record<string, readonly MerchCategory[]>;

export const TEMPLATE_DIMENSIONS = [
  "4500px x 5400px (T-shirts, Sweatshirts)",
  "4500px x 4050px (Hoodies)",
  "485px x 485px (PopSockets)",
  "1800px x 3200px (iPhone cases)",
  "2925px x 2925px (Tote bags, Pillows)",
  "3000px x 1400px (Tumblers)",
  "Other",
] as const;

export interface Merchandise {
  id: number;
  name: string;
  description: string;
  price: string;
  category: MerchCategory;
  templateDimensions: string;
  imageUrl: string;
  amazonUrl: string;
  isNew: boolean;
  isFeatured: boolean;
  comingSoon: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Lyrics {
  id: number;
  title: string;
  songName: string;
  lyricsText: string;
  albumName: string | null;
  releaseYear: string | null;
  isPublished: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface SocialLinks {
  facebook?: string | null;
  instagram?: string | null;
  twitter?: string | null;
  spotify?: string | null;
  website?: string | null;
  youtube?: string | null;
  bandcamp?: string | null;
  soundcloud?: string | null;
}

export interface BandMember {
  id: number;
  name: string;
  role: string;
  bio: string | null;
  imageUrl: string | null;
  altText: string | null;
  socialLinks: SocialLinks;
  isActive: boolean;
  joinDate: string | null;
  leaveDate: string | null;
  sortOrder: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
}

export interface Subscriber {
  id: number;
  name: string | null;
  email: string;
  showsInterest: boolean;
  releasesInterest: boolean;
  merchInterest: boolean;
  isVerified: boolean;
  isSubscribed: boolean;
  verifiedAt: string | null;
  subscribedAt: string;
}

export const MESSAGE_TYPES = ["general", "booking", "press"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface Message {
  id: number;
  name: string | null;
  email: string;
  message: string;
  messageType: MessageType;
  isRead: boolean;
  sentAt: string;
}
