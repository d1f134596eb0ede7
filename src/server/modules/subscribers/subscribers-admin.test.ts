import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { createTestApp, type TestApp } from "../../test/app";
import { csvField, csvFileName } from "./csv";

describe("subscribers admin: list, delete, CSV export; unsubscribe page", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    await t.app.db.insert(subscribers).values([
      { name: "Ana", email: "ana@example.com", showsInterest: true, merchInterest: true, isVerified: true, subscribedAt: new Date("2024-01-05T15:04:00Z") },
      { name: null, email: "anon@example.com", releasesInterest: true, subscribedAt: new Date("2024-02-01T10:00:00Z") },
      { name: "=HYPERLINK(\"http://evil\")", email: "evil@example.com", subscribedAt: new Date("2024-03-01T10:00:00Z") },
    ]);
  });
  afterAll(() => t.close());

  it("lists every subscriber without tokens or IPs", async () => {
    const res = await t.request({ method: "GET", url: "/api/subscribers", headers });
    const list = res.json().data;
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({ name: "Ana", email: "ana@example.com", showsInterest: true, releasesInterest: false, merchInterest: true, isVerified: true, subscribedAt: "2024-01-05T15:04:00.000Z" });
    expect(res.body).not.toMatch(/token|Ip"/i);
  });

  it("exports the spec's columns with Yes/No, named after the band, with formulas defused", async () => {
    await t.request({ method: "PUT", url: "/api/settings/band-name", headers, payload: { value: "The Static Hum" } });
    const res = await t.request({ method: "GET", url: "/api/subscribers/export", headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="the-static-hum-subscribers.csv"');
    const lines = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Shows Interest,Releases Interest,Merch Interest,Subscribed At");
    expect(lines[1]).toBe("Ana,ana@example.com,Yes,No,Yes,2024-01-05T15:04:00.000Z");
    expect(lines[2]).toBe(",anon@example.com,No,Yes,No,2024-02-01T10:00:00.000Z");
    expect(lines[3]).toBe(`"'=HYPERLINK(""http://evil"")",evil@example.com,No,No,No,2024-03-01T10:00:00.000Z`);
  });

  it("csv helpers", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvFileName("Tar River Static!")).toBe("tar-river-static-subscribers.csv");
  });

  it("the unsubscribe page's JSON call works with the verification mail's token; pending mails to them are skipped", async () => {
    const [sub] = await t.app.db
      .insert(subscribers)
      .values({ email: "leaving@example.com", showsInterest: true, isVerified: true, unsubscribeToken: hashToken("raw-token-123") })
      .returning();
    const [nl] = await t.app.db.insert(newsletters).values({ subject: "s", contentHtml: "h", contentText: "t", targetShows: true }).returning();
    await t.app.db.insert(newsletterDeliveries).values({ newsletterId: nl.id, subscriberId: sub.id, email: sub.email });

    const bad = await t.request({ method: "POST", url: "/api/unsubscribe", payload: { email: sub.email, token: "wrong" } });
    expect(bad.statusCode).toBe(400);
    const res = await t.request({ method: "POST", url: "/api/unsubscribe", payload: { email: sub.email, token: "raw-token-123" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("You have been unsubscribed. You will not receive any more newsletters.");
    const again = await t.request({ method: "POST", url: "/api/unsubscribe", payload: { email: sub.email, token: "raw-token-123" } });
    expect(again.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(subscribers).where(eq(subscribers.id, sub.id));
    expect(row.isSubscribed).toBe(false);
    const [delivery] = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, sub.id));
    expect(delivery.status).toBe("skipped");
  });

  it("deletes a subscriber, 404 after", async () => {
    const list = (await t.request({ method: "GET", url: "/api/subscribers", headers })).json().data;
    const id = list.find((s: { email: string }) => s.email === "anon@example.com").id;
    const del = await t.request({ method: "DELETE", url: `/api/subscribers/${id}`, headers });
    expect(del.json()).toMatchObject({ success: true, message: "Subscriber deleted" });
    expect((await t.request({ method: "DELETE", url: `/api/subscribers/${id}`, headers })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: "/api/subscribers/abc", headers })).statusCode).toBe(400);
  });

  it("needs an admin for the list, export and delete", async () => {
    for (const [method, url] of [["GET", "/api/subscribers"], ["GET", "/api/subscribers/export"], ["DELETE", "/api/subscribers/1"]] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
  });

  it("a verification link expires after 48 hours; re-subscribing after an unsubscribe needs a new verification", async () => {
    await t.app.db.insert(subscribers).values({
      email: "late@example.com",
      verificationToken: hashToken("late-token"),
      verificationSentAt: new Date(Date.now() - 49 * 60 * 60 * 1000),
    });
    const late = await t.request({ method: "GET", url: "/api/verify-email?email=late@example.com&token=late-token" });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);

    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "leaving@example.com", interests: { shows: true } } });
    expect(res.json().success).toBe(true);
    const [row] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, "leaving@example.com"));
    expect(row).toMatchObject({ isSubscribed: true, isVerified: false, subscribeIp: "127.0.0.1" });
  });

  it("subscribe validates the e-mail with the spec's words", async () => {
    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { name: "x", interests: { shows: true } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe("Email is required");
  });
});
