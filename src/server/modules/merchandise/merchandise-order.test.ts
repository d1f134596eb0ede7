import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  const item = { description: "Heavyweight black tee.", price: "25.99", imageUrl: "", category: "T-Shirt", templateDimensions: "4500px x 5400px (T-shirts, Sweatshirts)", amazonUrl: "" };
  for (const [name, isFeatured] of [["Tee", false], ["Hoodie", true], ["Poster", false]] as const) {
    ids[name] = (await t.request({ method: "POST", url: "/api/merchandise", headers, payload: { ...item, name, isFeatured } })).json().data.id;
  }
});
afterAll(() => t.close());

const publicNames = async () => (await t.request({ method: "GET", url: "/api/merchandise" })).json().data.map((m: { name: string }) => m.name);
const order = (payload: unknown, h = headers) => t.request({ method: "PUT", url: "/api/merchandise/order", headers: h, payload: payload as never });

describe("PUT /api/merchandise/order", () => {
  it("before any reorder the spec's order holds: featured first, then newest", async () => {
    expect(await publicNames()).toEqual(["Hoodie", "Poster", "Tee"]);
  });

  it("stores the admin's order, and the public list (a cached answer) follows at once", async () => {
    const res = await order({ ids: [ids.Tee, ids.Poster, ids.Hoodie] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { name: string }) => m.name)).toEqual(["Tee", "Poster", "Hoodie"]);
    expect(await publicNames()).toEqual(["Tee", "Poster", "Hoodie"]);
  });

  it("refuses a list that is not exactly the existing items, and changes nothing", async () => {
    for (const ids_ of [[ids.Tee, ids.Poster], [ids.Tee, ids.Poster, ids.Hoodie, 99999], [ids.Tee, ids.Tee, ids.Poster]]) {
      const res = await order({ ids: ids_ });
      expect(res.statusCode, JSON.stringify(ids_)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["ids"]);
    }
    expect((await order({ ids: "1,2" })).statusCode).toBe(400);
    expect((await order({})).statusCode).toBe(400);
    expect(await publicNames()).toEqual(["Tee", "Poster", "Hoodie"]);
  });

  it("is admin only", async () => {
    expect((await order({ ids: [ids.Hoodie, ids.Tee, ids.Poster] }, {})).statusCode).toBe(401);
  });
});
