import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandMembers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { expectSameAdminAnswer } from "../../test/crud-checks";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(bandMembers).values([
    { name: "Zed", role: "Drums", sortOrder: null },
    { name: "Amy", role: "Vocals", sortOrder: 2, bio: "Sings.", socialLinks: { instagram: "https://instagram.com/amy" } },
    { name: "Bob", role: "Bass", sortOrder: 1 },
    { name: "Old", role: "Guitar", sortOrder: 0, isActive: false },
    { name: "Cal", role: "Guitar", sortOrder: null },
  ]);
});
afterAll(() => t.close());

const names = (data: { name: string }[]) => data.map((m) => m.name);

describe("GET /api/band-members", () => {
  it("lists active members only, by sortOrder with a missing one counted as 99, ties by name", async () => {
    const res = await t.request({ method: "GET", url: "/api/band-members" });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(names(data)).toEqual(["Bob", "Amy", "Cal", "Zed"]);
    expect(data[1]).toMatchObject({ role: "Vocals", bio: "Sings.", socialLinks: { instagram: "https://instagram.com/amy" } });
  });

  it("?all=true needs an admin and then returns every member, active first", async () => {
    expect((await t.request({ method: "GET", url: "/api/band-members?all=true" })).statusCode).toBe(401);
    const res = await t.request({ method: "GET", url: "/api/band-members?all=true", headers: await t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    const list = names(res.json().data);
    expect(list).toHaveLength(5);
    expect(list.at(-1)).toBe("Old");
  });
});

describe("GET /api/admin/band-members", () => {
  it("is the admin list in the admin scope, the same answer ?all=true gives", async () => {
    expect(names((await expectSameAdminAnswer(t, "/api/admin/band-members", "/api/band-members?all=true")).data)).toHaveLength(5);
  });
});
