import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession, recordRoutes } from "../../test/crud-checks";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => ({ t, headers: admin } = await startWithAdmin()));
afterAll(() => t.close());

const member = {
  name: "Dana Whitley",
  role: "Vocals",
  bio: "Screams in tune.",
  joinDate: "2019-03-02",
  isActive: true,
  sortOrder: 1,
  imageUrl: "/uploads/images/dana.png",
  socialLinks: { facebook: "https://facebook.com/dana", instagram: "", twitter: null },
};
const memberRoutes = recordRoutes("/api/band-members", member, [{ method: "PUT", url: "/api/band-members/:id/active", payload: { isActive: true } }]);
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => t.request({ method, url, headers: admin, payload: payload as never });
const publicNames = async () => (await t.request({ method: "GET", url: "/api/band-members" })).json().data.map((m: { name: string }) => m.name);

describe("band members admin routes", () => {
  it("creates, reads, updates and deletes a member; empty social links are stored as null", async () => {
    const created = await send("POST", "/api/band-members", member);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await send("GET", `/api/band-members/${id}`)).json().data).toMatchObject({
      ...member,
      socialLinks: { facebook: "https://facebook.com/dana", instagram: null, twitter: null },
    });

    const { imageUrl: _keep, ...withoutImage } = member;
    const updated = await send("PUT", `/api/band-members/${id}`, { ...withoutImage, role: "Guitar", bio: "", socialLinks: { twitter: "https://x.com/dana" } });
    expect(updated.statusCode).toBe(200);
    // no imageUrl in the body: the photo stays; an emptied bio becomes null; untouched links stay
    expect(updated.json().data).toMatchObject({ role: "Guitar", bio: null, imageUrl: "/uploads/images/dana.png", socialLinks: { facebook: "https://facebook.com/dana", twitter: "https://x.com/dana" } });

    const newPhoto = await send("PUT", `/api/band-members/${id}`, { ...member, imageUrl: "/uploads/images/new.png" });
    expect(newPhoto.json().data.imageUrl).toBe("/uploads/images/new.png");

    expect((await send("DELETE", `/api/band-members/${id}`)).json()).toMatchObject({ success: true, message: "Band member deleted" });
    expect((await send("GET", `/api/band-members/${id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/band-members/${id}`)).statusCode).toBe(404);
  });

  it("applies defaults: active, sort order 0, no bio, no photo, no links", async () => {
    const res = await send("POST", "/api/band-members", { name: "Jo", role: "Bass" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ isActive: true, sortOrder: 0, bio: null, imageUrl: null, joinDate: null, socialLinks: {} });
  });

  it("toggles active: an inactive member leaves the public list but stays in the admin list", async () => {
    const { id } = (await send("POST", "/api/band-members", { ...member, name: "Toggle Me" })).json().data;
    expect(await publicNames()).toContain("Toggle Me");
    const off = await send("PUT", `/api/band-members/${id}/active`, { isActive: false });
    expect(off.json()).toMatchObject({ message: "Status updated", data: { isActive: false } });
    expect(await publicNames()).not.toContain("Toggle Me");
    const all = (await send("GET", "/api/band-members?all=true")).json().data;
    expect(all.at(-1).name).toBe("Toggle Me");
  });

  it("refuses visitors", async () => {
    await expectRefusedWithoutSession(t, [{ method: "GET", url: "/api/admin/band-members" }, ...memberRoutes.all]);
  });
});

describe("band member validation (400 with the spec's message, never a 500)", () => {
  const bad: [string, unknown, string, string][] = [
    ["missing name", { ...member, name: undefined }, "name", "Name must be at least 2 characters"],
    ["one-letter name", { ...member, name: " J " }, "name", "Name must be at least 2 characters"],
    ["one-letter role", { ...member, role: "x" }, "role", "Role must be at least 2 characters"],
    ["numeric name", { ...member, name: 42 }, "name", "Name must be at least 2 characters"],
    ["bad facebook link", { ...member, socialLinks: { facebook: "not a url" } }, "socialLinks.facebook", "Must be a valid URL"],
    ["javascript: link", { ...member, socialLinks: { instagram: "javascript:alert(1)" } }, "socialLinks.instagram", "Must be a valid URL"],
    ["javascript: photo", { ...member, imageUrl: "javascript:alert(1)" }, "imageUrl", "Image must be an uploaded file or an http(s) link"],
    ["impossible date", { ...member, joinDate: "2024-02-31" }, "joinDate", "Join date must be a valid date (YYYY-MM-DD)"],
    ["text sort order", { ...member, sortOrder: "first" }, "sortOrder", "Sort order must be a number"],
    ["fractional sort order", { ...member, sortOrder: 1.5 }, "sortOrder", "Sort order must be a whole number"],
    ["huge sort order", { ...member, sortOrder: 1e12 }, "sortOrder", "Sort order must be 9999 or less"],
    ["huge bio", { ...member, bio: "x".repeat(100_000) }, "bio", "Bio is too long (5,000 characters at most)"],
    ["string active flag", { ...member, isActive: "true" }, "isActive", "isActive must be true or false"],
  ];
  it.each(bad)("%s", async (_name, payload, field, message) => {
    const res = await send("POST", "/api/band-members", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it("refuses bad ids and bad toggle bodies", async () => {
    await expectIdChecks(t, memberRoutes.byId);
    const res = await send("PUT", "/api/band-members/1/active", { isActive: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.isActive).toBe("isActive must be true or false");
  });
});

it("never answers a random body with a 500 (fuzz)", async () => {
  const body = fc.oneof(fc.anything(), fc.record({ name: fc.anything(), role: fc.anything(), bio: fc.anything(), joinDate: fc.anything(), isActive: fc.anything(), sortOrder: fc.anything(), imageUrl: fc.anything(), socialLinks: fc.anything() }, { requiredKeys: [] }));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom("POST", "PUT"), body, async (method, payload) => {
      const res = await send(method as "POST" | "PUT", method === "POST" ? "/api/band-members" : "/api/band-members/1", payload);
      expect([200, 201, 400, 404, 415]).toContain(res.statusCode);
    }),
    { numRuns: 150 },
  );
});
