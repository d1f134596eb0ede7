import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { escapeLike } from "../../db/table-page";

/** GET /api/subscribers with parameters: the admin table's server-side search, filters, sort and pages. */
describe("subscribers table: search, filter, sort, pages", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12));

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    await t.app.db.insert(subscribers).values([
      { name: "Ana Ruiz", email: "ana@example.com", showsInterest: true, isVerified: true, region: "US-NC", subscribedAt: day(1) },
      { name: "bob", email: "bob@example.org", releasesInterest: true, region: "US-NC", subscribedAt: day(2) },
      { name: null, email: "carla_100%@example.com", showsInterest: true, isVerified: true, isSubscribed: false, region: "DE", subscribedAt: day(3) },
      { name: "Dee", email: "dee@example.com", merchInterest: true, isVerified: true, region: "US-NC", bouncedAt: day(5), bounceReason: "550 5.1.1 No such user", subscribedAt: day(4) },
      { name: "Eve Ana", email: "eve@example.net", showsInterest: true, isVerified: true, subscribedAt: day(5) },
    ]);
  });
  afterAll(() => t.close());

  async function page(query: string) {
    const res = await t.request({ method: "GET", url: `/api/subscribers?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { email: string }[]; page: { total: number; page: number; pageSize: number } };
    return { emails: body.data.map((s) => s.email), page: body.page, body };
  }

  it("without parameters the answer is still the plain list, newest first", async () => {
    const res = await t.request({ method: "GET", url: "/api/subscribers", headers });
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["data", "success"]);
    expect(body.data.map((s: { email: string }) => s.email)).toEqual(["eve@example.net", "dee@example.com", "carla_100%@example.com", "bob@example.org", "ana@example.com"]);
  });

  it("pages newest first by default and says where the page sits", async () => {
    const first = await page("page=1&pageSize=2");
    expect(first.emails).toEqual(["eve@example.net", "dee@example.com"]);
    expect(first.page).toEqual({ total: 5, page: 1, pageSize: 2 });
    const last = await page("page=3&pageSize=2");
    expect(last.emails).toEqual(["ana@example.com"]);
    const beyond = await page("page=9&pageSize=2");
    expect(beyond.emails).toEqual([]);
    expect(beyond.page.total).toBe(5);
  });

  it("searches names and addresses without case; % and _ are letters, not wildcards", async () => {
    expect((await page("q=ana")).emails).toEqual(["eve@example.net", "ana@example.com"]);
    expect((await page("q=EXAMPLE.ORG")).emails).toEqual(["bob@example.org"]);
    expect((await page("q=_100%25")).emails).toEqual(["carla_100%@example.com"]);
    expect((await page("q=%25")).emails).toEqual(["carla_100%@example.com"]);
    expect((await page("q=a_a")).page.total).toBe(0);
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });

  it("filters by interest, region and status (bounced before unsubscribed before verified/pending)", async () => {
    expect((await page("interest=shows")).emails).toEqual(["eve@example.net", "carla_100%@example.com", "ana@example.com"]);
    expect((await page("region=US-NC")).emails).toEqual(["dee@example.com", "bob@example.org", "ana@example.com"]);
    expect((await page("status=pending")).emails).toEqual(["bob@example.org"]);
    expect((await page("status=verified")).emails).toEqual(["eve@example.net", "ana@example.com"]);
    expect((await page("status=unsubscribed")).emails).toEqual(["carla_100%@example.com"]);
    const bounced = await page("status=bounced");
    expect(bounced.emails).toEqual(["dee@example.com"]);
    expect(bounced.body.data[0]).toMatchObject({ bounceReason: "550 5.1.1 No such user", bouncedAt: day(5).toISOString() });
    expect((await page("region=US-NC&status=verified&interest=shows")).emails).toEqual(["ana@example.com"]);
  });

  it("sorts by each column, both ways; empty names and regions last", async () => {
    expect((await page("sort=name")).emails).toEqual(["ana@example.com", "bob@example.org", "dee@example.com", "eve@example.net", "carla_100%@example.com"]);
    expect((await page("sort=name&dir=desc")).emails).toEqual(["eve@example.net", "dee@example.com", "bob@example.org", "ana@example.com", "carla_100%@example.com"]);
    expect((await page("sort=email&pageSize=2")).emails).toEqual(["ana@example.com", "bob@example.org"]);
    expect((await page("sort=subscribedAt&dir=asc&pageSize=1")).emails).toEqual(["ana@example.com"]);
    expect((await page("sort=region")).emails).toEqual(["carla_100%@example.com", "ana@example.com", "bob@example.org", "dee@example.com", "eve@example.net"]);
    expect((await page("sort=status")).emails).toEqual(["bob@example.org", "ana@example.com", "eve@example.net", "carla_100%@example.com", "dee@example.com"]);
  });

  it("refuses bad parameters with a 400 that names them", async () => {
    for (const [query, field] of [
      ["sort=password", "sort"],
      ["dir=up", "dir"],
      ["status=gone", "status"],
      ["interest=tours", "interest"],
      ["region=XX", "region"],
      ["page=0", "page"],
      ["page=-1", "page"],
      ["pageSize=101", "pageSize"],
      ["pageSize=abc", "pageSize"],
      [`q=${"x".repeat(300)}`, "q"],
      ["q=%00", "q"],
    ]) {
      const res = await t.request({ method: "GET", url: `/api/subscribers?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toHaveProperty(field);
    }
  });

  it("stats count bounces and list the top regions", async () => {
    const res = await t.request({ method: "GET", url: "/api/subscribers/stats", headers });
    expect(res.json().data).toEqual({
      total: 5,
      verified: 3,
      shows: 3,
      releases: 1,
      merch: 1,
      bounced: 1,
      topRegions: [
        { region: "US-NC", count: 3 },
        { region: "DE", count: 1 },
      ],
    });
  });

  it("reactivates a bounced subscriber; 404 for a missing one; admins only", async () => {
    const [dee] = (await page("status=bounced")).body.data as unknown as { id: number }[];
    expect((await t.request({ method: "POST", url: `/api/subscribers/${dee.id}/reactivate` })).statusCode).toBe(401);
    const res = await t.request({ method: "POST", url: `/api/subscribers/${dee.id}/reactivate`, headers });
    expect(res.json()).toMatchObject({ success: true, message: "Subscriber reactivated", data: { email: "dee@example.com", bouncedAt: null, bounceReason: null } });
    expect((await page("status=bounced")).page.total).toBe(0);
    expect((await page("status=verified")).emails).toContain("dee@example.com");
    const missing = await t.request({ method: "POST", url: "/api/subscribers/99999/reactivate", headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Subscriber not found");
    expect((await t.request({ method: "GET", url: "/api/subscribers?q=ana" })).statusCode).toBe(401);
  });
});
