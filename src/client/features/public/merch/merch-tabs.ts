import { MERCH_TABS } from "@shared/categories";
import type { Merchandise } from "@shared/schemas/merchandise";

export const TABS = [
  { id: "all", label: "All" },
  { id: "apparel", label: "Apparel" },
  { id: "accessories", label: "Accessories" },
  { id: "home", label: "Home" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

/** ARCHITECTURE.md: apparel/accessories/home map to admin categories; 'Other' shows under all only. */
export function inTab(item: Merchandise, tab: TabId): boolean {
  if (tab === "all") return true;
  return (MERCH_TABS[tab] as readonly string[]).includes(item.category);
}
