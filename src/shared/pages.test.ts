import { describe, expect, it } from "vitest";
import { matchPage, PAGE_DATA_QUERIES, PUBLIC_PAGE_NAMES, PUBLIC_PAGES, SITEMAP_PATHS, type PublicPage } from "./pages";

/** A value each parameter name takes (a new one needs its own here). */
const SAMPLE_PARAMS: Record<string, string> = { id: "1", form: "subscribe", slug: "static-season", token: "x".repeat(43) };

describe("the public page table", () => {
  it("names each page by its path, with its parameters in their canonical spelling", () => {
    expect(matchPage("/")).toEqual({ name: "home", params: {}, canonical: "/" });
    expect(matchPage("/shows")).toMatchObject({ name: "shows", canonical: "/shows" });
    expect(matchPage("/lyrics/007")).toEqual({ name: "lyric", params: { id: "7" }, canonical: "/lyrics/7" });
    expect(matchPage("/thanks/contact")).toEqual({ name: "thanks", params: { form: "contact" }, canonical: "/thanks/contact" });
  });

  it("no page for what its parameters refuse, or for paths that are not in it", () => {
    for (const path of ["/lyrics/abc", "/lyrics/1234567890", "/thanks/other", "/thanks", "/shows/x", "/nope", "/admin", ""]) expect({ path, page: matchPage(path) }).toEqual({ path, page: null });
  });

  it("every row's router pattern is matched by its own row, and its parameters have a rule", () => {
    for (const name of PUBLIC_PAGE_NAMES) {
      const row: PublicPage = PUBLIC_PAGES[name];
      const names = row.path.split("/").filter((part) => part.startsWith(":")).map((part) => part.slice(1));
      expect(Object.keys(row.params ?? {}).sort()).toEqual(names.sort());
      const sample = row.path.replace(/:(\w+)/g, (_, param: string) => SAMPLE_PARAMS[param]);
      expect(matchPage(sample)?.name).toBe(name);
    }
  });

  it("the sitemap lists the indexed pages without parameters", () => {
    expect(SITEMAP_PATHS).toEqual(["/", "/shows", "/videos", "/merch", "/lyrics", "/releases", "/privacy", "/press"]);
  });

  it("inlines each value under the GET URL the client's query uses", () => {
    expect(PAGE_DATA_QUERIES.homeShows([], {})).toEqual({ "/api/shows?upcoming=true&limit=50": [] });
    expect(PAGE_DATA_QUERIES.lyric(null, { id: "7" })).toEqual({ "/api/lyrics/7": null });
    expect(PAGE_DATA_QUERIES.release(null, { slug: "static-season" })).toEqual({ "/api/releases/static-season": null });
    expect(Object.keys(PAGE_DATA_QUERIES.settings({} as never, {}))).toContain("/api/settings/band-name");
  });
});
