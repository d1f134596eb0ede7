import { bigint, pgTable, text } from "drizzle-orm/pg-core";

// How many times each public cache tag ('shows', 'settings', ...) was invalidated by a write on
// any instance (services/peer-invalidation.ts, decision 023). Bumped with each write's notice;
// an instance whose notice channel was down compares these with what it last saw and drops only
// the tags that changed meanwhile.
export const cacheTagVersions = pgTable("cache_tag_versions", {
  tag: text("tag").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
