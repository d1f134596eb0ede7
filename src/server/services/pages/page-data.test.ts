import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@shared/format";
import { matchPage, PAGE_DATA_QUERIES, PUBLIC_PAGE_NAMES, PUBLIC_PAGES, type PublicPageName } from "@shared/pages";
import { bandMembers, lyrics, releases, settings, shows } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { describePage } from "./page-meta";

let t: TestApp;
let lyricId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(settings).values({ key: "band-name", value: "Read Once" });
  await db.insert(shows).values({ venue: "The Pour House", location: "Raleigh, NC", date: todayIso(new Date(Date.now() + 86_400_000)), time: "8 PM", price: "10", ageRestriction: "All Ages" });
  await db.insert(bandMembers).values({ name: "Wren", role: "Drums" });
  [{ id: lyricId }] = await db.insert(lyrics).values({ title: "Floodplain", songName: "Floodplain", lyricsText: "words" }).returning();
  await db.insert(releases).values({ slug: "static-season", title: "Static Season", type: "ep", releaseAt: new Date(Date.now() + 86_400_000), published: true });
});
afterAll(() => t.close());

/** The SQL the database was sent while `run` ran (drizzle's logger sees every query, on PGlite and PostgreSQL alike). */
async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const session = (t.database.db as unknown as { session: { logger: { logQuery(sql: string, params: unknown[]): void } } }).session;
  const before = session.logger;
  const seen: string[] = [];
  session.logger = { logQuery: (sql, params) => seen.push(`${sql} ${JSON.stringify(params)}`) };
  try {
    await run();
  } finally {
    session.logger = before;
  }
  return seen;
}

const reading = (table: string) => (query: string) => new RegExp(`from "${table}"`).test(query);

describe("a page's data is read once per render", () => {
  it("the home page reads the shows, the members and the settings once each, for its data, its description and its structured data alike", async () => {
    let meta!: Awaited<ReturnType<typeof describePage>>;
    const queries = await queriesDuring(async () => (meta = await describePage(t.app, "/")));
    // what the page shows and what its head says came from those reads
    expect(meta.description).toContain("(1 upcoming)");
    expect(meta.jsonLd.map((n) => (n as { "@type": string })["@type"])).toEqual(["MusicGroup", "MusicEvent"]);
    expect(meta.jsonLd[0]).toMatchObject({ member: [{ member: { name: "Wren" } }] });
    expect(queries.filter(reading("shows"))).toHaveLength(1);
    expect(queries.filter(reading("band_members"))).toHaveLength(1);
    // the settings the page shows, and the band photo's two rows
    expect(queries.filter(reading("settings"))).toHaveLength(2);
    // and nothing else twice either
    expect(queries.length).toBe(new Set(queries).size);
  });

  it("/shows reads the upcoming shows once for its list, its description and its events", async () => {
    const queries = await queriesDuring(() => describePage(t.app, "/shows"));
    // upcoming, and the first page of the archive
    expect(queries.filter(reading("shows"))).toHaveLength(2);
    expect(queries.length).toBe(new Set(queries).size);
  });

  // one drawn path per row of src/shared/pages.ts: a new page needs one here
  const EXAMPLES: Record<PublicPageName, () => string> = {
    home: () => "/",
    shows: () => "/shows",
    videos: () => "/videos",
    merch: () => "/merch",
    lyrics: () => "/lyrics",
    lyric: () => `/lyrics/${lyricId}`,
    privacy: () => "/privacy",
    verifyEmail: () => "/verify-email",
    unsubscribe: () => "/unsubscribe",
    preferences: () => "/preferences",
    thanks: () => "/thanks/subscribe",
    rsvpConfirm: () => "/rsvp/confirm",
    rsvpLeave: () => "/rsvp/leave",
    press: () => "/press",
    pressLink: () => "/press/link",
    releases: () => "/releases",
    release: () => "/releases/static-season",
    releaseNotify: () => "/release/notify",
    releaseDownload: () => "/release/download",
    releaseFile: () => `/download/${"x".repeat(43)}`,
  };

  it.each(PUBLIC_PAGE_NAMES)("%s: described from the data its row names, read once, and inlines exactly that data", async (name) => {
    let meta!: Awaited<ReturnType<typeof describePage>>;
    const queries = await queriesDuring(async () => (meta = await describePage(t.app, EXAMPLES[name]())));
    expect(meta.status).toBe(200);
    expect(meta.title).toMatch(/Read Once/);
    expect(queries.length).toBe(new Set(queries).size);
    // the page inlines what its row names, under the client's query keys, and nothing else
    const { params } = matchPage(EXAMPLES[name]())!;
    const keys = PUBLIC_PAGES[name].data.flatMap((key) => Object.keys(PAGE_DATA_QUERIES[key]({} as never, params)));
    expect(Object.keys(meta.data).sort()).toEqual(keys.sort());
  });
});
