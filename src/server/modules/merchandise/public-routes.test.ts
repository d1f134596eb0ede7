import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = { description: "d", templateDimensions: "Other", amazonUrl: "https://www.amazon.com/dp/B000000000" };
  await t.database.db.insert(merchandise).values([
    { ...base, name: "Sticker", price: "3.00", category: "Sticker" },
    { ...base, name: "Shirt", price: "25.99", category: "T-Shirt", isFeatured: true, isNew: true },
    { ...base, name: "Poster", price: "15.00", category: "Poster", comingSoon: true },
  ]);
});
afterAll(() => t.close());

describe("GET /api/merchandise", () => {
  it("lists every item, featured first, with price as a decimal string and the flags", async () => {
    const res = await t.request({ method: "GET", url: "/api/merchandise" });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({ name: "Shirt", price: "25.99", category: "T-Shirt", isNew: true, isFeatured: true, comingSoon: false, amazonUrl: "https://www.amazon.com/dp/B000000000" });
    expect(data.find((m: { name: string }) => m.name === "Poster").comingSoon).toBe(true);
  });
});
