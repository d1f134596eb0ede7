/**
 * The fixed choices of spec section 3, shared by the input schemas, the response schemas and the
 * pages. Zod-free on purpose: the public pages read them and must not pull zod into their bundle.
 */
export const VIDEO_CATEGORIES = ["official", "live", "fan", "documentary", "interview", "other"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

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

export const MESSAGE_TYPES = ["general", "booking", "press"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
