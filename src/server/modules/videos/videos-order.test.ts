import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  for (const [title, isActive] of [["One", true], ["Two", true], ["Hidden", false]] as const) {
    const payload = { title, description: "A video.", embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", category: "live", isActive };
    const res = await t.request({ method: "POST", url: "/api/videos", headers, payload });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data.id);
  }
});
afterAll(() => t.close());

const titles = (body: { data: { title: string }[] }) => body.data.map((v) => v.title);

describe("PUT /api/videos/order", () => {
  it("stores the order of every video; the admin and public lists follow", async () => {
    const [one, two, hidden] = ids;
    await t.request({ method: "GET", url: "/api/videos/active" }); // cached now
    const res = await t.request({ method: "PUT", url: "/api/videos/order", headers, payload: { ids: [hidden, two, one] } });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(["Hidden", "Two", "One"]);
    expect(titles((await t.request({ method: "GET", url: "/api/videos", headers })).json())).toEqual(["Hidden", "Two", "One"]);
    expect(titles((await t.request({ method: "GET", url: "/api/videos/active" })).json())).toEqual(["Two", "One"]);
  });

  it("refuses a partial list", async () => {
    const res = await t.request({ method: "PUT", url: "/api/videos/order", headers, payload: { ids: [ids[0]] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("ids");
  });
});
