import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showsApi } from "@shared/api/shows";
import { startWithAdmin, type TestApp } from "../../test/app";

// Issue 13: a free show has price 0 (blank becomes 0, as the spec says) and fans see 'Free';
// a negative price is still refused, and merchandise still needs a positive price.
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const show = { venue: "Tipsy Teapot", location: "Greenville, NC", date: "2031-03-07", time: "7:30 PM", ageRestriction: "All Ages", supportingActs: "", eventUrl: "" };
const post = (payload: unknown) => t.request({ method: "POST", url: "/api/shows", headers, payload: payload as never });

describe("show price", () => {
  it.each([["0"], [0], [""], [null]])("accepts %j as a free show, stored as 0.00", async (price) => {
    const res = await post({ ...show, price });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.price).toBe("0.00");
  });

  it("refuses a negative price with the spec's message", async () => {
    const res = await post({ ...show, price: "-5" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.price).toBe("Price must be positive");
  });

  it("an update can make a paid show free", async () => {
    const id = (await post({ ...show, price: "12" })).json().data.id;
    const res = await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...show, price: "0" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.price).toBe("0.00");
  });

  it("the calendar feed says 'Free' for it", async () => {
    const res = await t.request({ method: "GET", url: showsApi.calendar });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Price: Free");
  });

  it("merchandise still needs a positive price", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/merchandise",
      headers,
      payload: { name: "Tee", description: "A tee", price: "0", category: "T-Shirt", templateDimensions: "Other", imageUrl: "", amazonUrl: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.price).toBe("Price must be positive");
  });
});
