import { afterAll, beforeAll, expect, it } from "vitest";
import { messages, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => (await t.request({ method: "GET", url: "/api/admin/dashboard-counts", headers: await t.adminHeaders() })).json();

it("counts subscribers still on the list and unread messages, for real", async () => {
  expect(await counts()).toEqual({ success: true, data: { subscribers: 0, unreadMessages: 0 } });

  await t.database.db.insert(subscribers).values([
    { email: "a@example.com", isVerified: true },
    { email: "b@example.com" },
    { email: "gone@example.com", isSubscribed: false },
  ]);
  await t.database.db.insert(messages).values([
    { email: "x@example.com", message: "Booking?", messageType: "booking" },
    { email: "y@example.com", message: "Hi", isRead: true },
    { email: "z@example.com", message: "Press kit", messageType: "press" },
  ]);
  expect((await counts()).data).toEqual({ subscribers: 2, unreadMessages: 2 });
});

it("is refused without a session", async () => {
  expect((await t.request({ method: "GET", url: "/api/admin/dashboard-counts" })).statusCode).toBe(401);
});
