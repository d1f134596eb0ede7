import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession, recordRoutes } from "../../test/crud-checks";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const valid = {
  name: "Floodplain Tee",
  description: "Heavyweight black tee.",
  price: "25.99",
  imageUrl: "",
  category: "T-Shirt",
  templateDimensions: "4500px x 5400px (T-shirts, Sweatshirts)",
  amazonUrl: "https://www.amazon.com/dp/B000000000",
  isNew: true,
  isFeatured: true,
  comingSoon: false,
};
const post = (payload: unknown) => t.request({ method: "POST", url: "/api/merchandise", headers, payload: payload as never });

describe("merchandise CRUD", () => {
  it("creates, reads, updates and deletes an item; the public list follows", async () => {
    const created = await post(valid);
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ name: "Floodplain Tee", price: "25.99", category: "T-Shirt", imageUrl: "", isNew: true, isFeatured: true, comingSoon: false });

    expect((await t.request({ method: "GET", url: `/api/merchandise/${item.id}`, headers })).json().data.name).toBe("Floodplain Tee");

    // an uploaded image is a site path; the three flags change independently
    const updated = await t.request({
      method: "PUT",
      url: `/api/merchandise/${item.id}`,
      headers,
      payload: { ...valid, imageUrl: "/uploads/images/abc123.png", isNew: false, isFeatured: true, comingSoon: true, price: 30 },
    });
    expect(updated.json()).toMatchObject({
      message: "Merchandise updated successfully",
      data: { imageUrl: "/uploads/images/abc123.png", isNew: false, isFeatured: true, comingSoon: true, price: "30.00" },
    });
    const pub = (await t.request({ method: "GET", url: "/api/merchandise" })).json().data;
    expect(pub.find((m: { id: number }) => m.id === item.id)?.imageUrl).toBe("/uploads/images/abc123.png");

    expect((await t.request({ method: "DELETE", url: `/api/merchandise/${item.id}`, headers })).json()).toMatchObject({ success: true, message: "Item deleted" });
    expect((await t.request({ method: "GET", url: `/api/merchandise/${item.id}`, headers })).statusCode).toBe(404);
  });

  it("defaults the flags to false and the links to empty", async () => {
    const { isNew, isFeatured, comingSoon, imageUrl, amazonUrl, ...rest } = valid;
    void [isNew, isFeatured, comingSoon, imageUrl, amazonUrl];
    const res = await post(rest);
    expect(res.json().data).toMatchObject({ isNew: false, isFeatured: false, comingSoon: false, imageUrl: "", amazonUrl: "", storeUrl: "" });
  });

  it("keeps a link to any other shop beside the Amazon one (issue 21)", async () => {
    const res = await post({ ...valid, storeUrl: " https://tarriverstatic.bandcamp.com/merch/tee " });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amazonUrl: valid.amazonUrl, storeUrl: "https://tarriverstatic.bandcamp.com/merch/tee" });
  });
});

describe("merchandise validation", () => {
  it.each([
    ["name", { name: "" }, "Name is required"],
    ["description", { description: "" }, "Description is required"],
    ["price", { price: "0" }, "Price must be positive"],
    // rounds to 0.00 in the numeric(6,2) column
    ["price", { price: 0.001 }, "Price must be positive"],
    ["price", { price: "" }, "Price must be positive"],
    ["price", { price: "abc" }, "Price must be a number"],
    ["category", { category: "" }, "Category is required"],
    ["category", { category: "Spaceship" }, "Category is required"],
    ["templateDimensions", { templateDimensions: undefined }, "Template dimensions are required"],
    ["imageUrl", { imageUrl: "not a url" }, "Must be a valid URL"],
    ["imageUrl", { imageUrl: "//evil.example/x.png" }, "Must be a valid URL"],
    ["imageUrl", { imageUrl: "/\\evil.example/x.png" }, "Must be a valid URL"],
    ["imageUrl", { imageUrl: "javascript:alert(1)" }, "Must be a valid URL"],
    ["amazonUrl", { amazonUrl: "/uploads/x" }, "Must be a valid URL"],
    ["storeUrl", { storeUrl: "javascript:alert(1)" }, "Must be a valid URL"],
    ["isNew", { isNew: "yes" }, "isNew must be true or false"],
    ["description", { description: "x".repeat(6000) }, "Too long (5,000 characters at most)"],
  ])("%s: %j -> %s", async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { [field]: message } });
  });

  it("checks ids on every :id route", async () => {
    await expectIdChecks(t, recordRoutes("/api/merchandise", valid).byId);
  });
});

it("refuses merchandise writes without a session", async () => {
  await expectRefusedWithoutSession(t, recordRoutes("/api/merchandise", valid).all);
});
