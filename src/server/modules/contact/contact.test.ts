import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

describe("contact form and messages inbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores a message (general by default) and the inbox lists, marks read and deletes it", async () => {
    const res = await t.request({ method: "POST", url: "/api/contact", payload: { name: "", email: "Booker@Venue.com", message: "Can you play May 3rd?" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Thank you for reaching out. We'll get back to you soon." });
    await t.request({ method: "POST", url: "/api/contact", payload: { name: "Pat", email: "pat@zine.org", messageType: "press", message: "Interview?" } });

    const headers = await t.adminHeaders();
    const list = (await t.request({ method: "GET", url: "/api/admin/messages", headers })).json().data;
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ name: null, email: "booker@venue.com", messageType: "general", isRead: false, message: "Can you play May 3rd?" });
    expect(list[0]).toMatchObject({ name: "Pat", messageType: "press" });

    const read = await t.request({ method: "PUT", url: `/api/admin/messages/${list[0].id}/read`, headers, payload: { isRead: true } });
    expect(read.json().data.isRead).toBe(true);
    const del = await t.request({ method: "DELETE", url: `/api/admin/messages/${list[0].id}`, headers });
    expect(del.json()).toMatchObject({ success: true, message: "Message deleted" });
    expect((await t.request({ method: "DELETE", url: `/api/admin/messages/${list[0].id}`, headers })).statusCode).toBe(404);
  });

  it("keeps no IP address with a message", async () => {
    const res = await t.request({ method: "POST", url: "/api/contact", payload: { email: "fan@example.com", message: "See you in Greenville" }, remoteAddress: "203.0.113.9" });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db.select({ message: messages.message, ip: messages.ip }).from(messages);
    expect(rows.find((r) => r.message === "See you in Greenville")).toEqual({ message: "See you in Greenville", ip: null });
  });

  it("rejects a missing e-mail or message with the spec's words", async () => {
    const noEmail = await t.request({ method: "POST", url: "/api/contact", payload: { message: "hi" } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toBe("Email is required");
    const noMessage = await t.request({ method: "POST", url: "/api/contact", payload: { email: "a@b.co", message: "   " } });
    expect(noMessage.json().errors.message).toBe("Message is required");
    const badType = await t.request({ method: "POST", url: "/api/contact", payload: { email: "a@b.co", message: "x", messageType: "spam" } });
    expect(badType.statusCode).toBe(400);
  });

  it("the inbox needs an admin", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/messages" })).statusCode).toBe(401);
  });

  it("never answers 5xx to arbitrary bodies (subscribe and contact)", async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        { name: fc.anything(), email: fc.oneof(fc.string(), fc.emailAddress(), fc.anything()), interests: fc.anything(), message: fc.anything(), messageType: fc.anything(), website: fc.anything() },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/subscribe", "/api/contact"), body, async (url, payload) => {
        const res = await t.request({ method: "POST", url, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) ?? "null" });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe("form rate limit", () => {
  it("answers 429 with a clear message past FORM_RATE_LIMIT per minute", async () => {
    const t = await createTestApp({ FORM_RATE_LIMIT: 2 });
    try {
      const send = () => t.request({ method: "POST", url: "/api/contact", payload: { email: "a@b.co", message: "x" } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/too many requests/i);
      const sub = () => t.request({ method: "POST", url: "/api/subscribe", payload: { email: "a@b.co" } });
      await sub();
      await sub();
      expect((await sub()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
