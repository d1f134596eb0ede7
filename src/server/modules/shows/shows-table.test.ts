import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@shared/format";
import { shows } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { expectSameAdminAnswer } from "../../test/crud-checks";

let t: TestApp;
let headers: Record<string, string>;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  const base = { location: "Greenville, NC", time: "8:00 PM", price: "12.50", ageRestriction: "All Ages" };
  // 55 upcoming shows and 3 past ones
  await t.database.db.insert(shows).values([
    ...Array.from({ length: 55 }, (_, i) => ({ ...base, venue: `Hall ${String(i).padStart(2, "0")}`, date: day(i + 1) })),
    { ...base, venue: "The Pour House", location: "Raleigh, NC", date: day(-3) },
    { ...base, venue: "Cat's Cradle", location: "Carrboro, NC", date: day(-10), price: "30" },
    { ...base, venue: "Old Pour Shed", date: day(-40) },
  ]);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: "GET", url, headers });
const venues = (body: { data: { venue: string }[] }) => body.data.map((s) => s.venue);

describe("GET /api/shows with the admin table's parameters", () => {
  it("the plain public answers stay as they were: no page, cached", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows" });
    expect(Object.keys(res.json()).sort()).toEqual(["data", "success"]);
    expect(res.json().data).toHaveLength(58);
    expect(res.headers.etag).toBeTruthy();
    expect(venues((await t.request({ method: "GET", url: "/api/shows?past=true" })).json())).toEqual(["The Pour House", "Cat's Cradle", "Old Pour Shed"]);
  });

  it("pages the upcoming shows, soonest first, past 50 rows", async () => {
    const first = (await get("/api/shows?upcoming=true&page=1")).json();
    expect(first.data).toHaveLength(50);
    expect(first.data[0].venue).toBe("Hall 00");
    expect(first.page).toEqual({ total: 55, page: 1, pageSize: 50 });
    const second = (await get("/api/shows?upcoming=true&page=2")).json();
    expect(venues(second)).toEqual(["Hall 50", "Hall 51", "Hall 52", "Hall 53", "Hall 54"]);
  });

  it("the past group: newest first, with its total", async () => {
    const body = (await get("/api/shows?past=true&pageSize=2")).json();
    expect(venues(body)).toEqual(["The Pour House", "Cat's Cradle"]);
    expect(body.page).toEqual({ total: 3, page: 1, pageSize: 2 });
  });

  it("searches venue and location, and sorts by a column", async () => {
    expect(venues((await get("/api/shows?q=pour")).json())).toEqual(["Old Pour Shed", "The Pour House"]);
    expect(venues((await get("/api/shows?q=carrboro")).json())).toEqual(["Cat's Cradle"]);
    expect(venues((await get("/api/shows?past=true&sort=price&dir=desc")).json())[0]).toBe("Cat's Cradle");
    expect(venues((await get("/api/shows?past=true&sort=venue")).json())).toEqual(["Cat's Cradle", "Old Pour Shed", "The Pour House"]);
  });

  it("is admin only and refuses bad parameters", async () => {
    expect((await t.request({ method: "GET", url: "/api/shows?q=pour" })).statusCode).toBe(401);
    const bad = await get("/api/shows?sort=ticket");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["sort"]);
    expect((await get("/api/shows?page=1&limit=5")).statusCode).toBe(400);
  });
});

describe("GET /api/admin/shows: the admin table's own route", () => {
  it("answers each page as GET /api/shows with the same parameters does", async () => {
    for (const search of ["page=1", "upcoming=true&page=2", "past=true&pageSize=2", "q=pour", "past=true&sort=price&dir=desc"]) {
      await expectSameAdminAnswer(t, `/api/admin/shows?${search}`, `/api/shows?${search}`);
    }
  });

  it("refuses bad parameters", async () => {
    expect(Object.keys((await get("/api/admin/shows?sort=ticket")).json().errors)).toEqual(["sort"]);
    expect((await get("/api/admin/shows?upcoming=true&past=true")).json().errors).toEqual({ past: "cannot be combined with upcoming=true" });
  });
});
