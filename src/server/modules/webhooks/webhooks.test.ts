import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { TestApp } from "../../test/app";
import { startWithAdmin } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession } from "../../test/crud-checks";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { startReceiver, type Receiver } from "../../test/webhook-receiver";
import { raiseEvent } from "../../services/webhook-events";
import type { PollingWorker } from "../../services/polling-worker";
import { bodyFor } from "./formats";
import { claimDue, retryDelayMs } from "./repository";
import { attempt, WEBHOOK_TIMEOUT_MS } from "./sender";
import { checkedLookup, refusalOf, refusalOfUrl } from "./target-guard";
import { webhookRound } from "./worker";

let t: TestApp;
let headers: Record<string, string>;
let sink: SmtpSink;
const receivers: Receiver[] = [];
const workers: PollingWorker[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ t, headers } = await startWithAdmin({ WEBHOOK_ALLOW_PRIVATE: true, SMTP_URL: sink.url, ADMIN_EMAIL: "admin@band.example", PUBLIC_URL: "https://band.example" }));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => t.app.webhookWorker.stop(w)));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await t.app.db.delete(webhookEndpoints);
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function addEndpoint(body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url: "/api/admin/webhooks", headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string };
}

const contact = (payload: Record<string, unknown>) => t.request({ method: "POST", url: "/api/contact", payload, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

async function deliveriesOf(endpointId: number) {
  return t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);
}

describe("the API", () => {
  it("adds an endpoint, answers its whsec_ secret once, and lists it with its deliveries but never the secret", async () => {
    const r = await receiver();
    const { id, secret } = await addEndpoint({ url: r.url, events: ["message.received", "show.created", "message.received"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await t.request({ method: "GET", url: "/api/admin/webhooks", headers });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().data;
    expect(item).toMatchObject({ id, url: r.url, events: ["message.received", "show.created"], format: "standard", includeMessage: false, paused: false, deliveries: [] });
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.body).not.toContain("secret");
  });

  it("recognises Discord and Slack incoming-webhook URLs", async () => {
    const discord = await addEndpoint({ url: "https://discord.com/api/webhooks/123/abc-token", events: ["show.created"] });
    const slack = await addEndpoint({ url: "https://hooks.slack.com/services/T000/B000/XXXX", events: ["show.created"] });
    const list = (await t.request({ method: "GET", url: "/api/admin/webhooks", headers })).json().data;
    expect(list.find((e: { id: number }) => e.id === discord.id).format).toBe("discord");
    expect(list.find((e: { id: number }) => e.id === slack.id).format).toBe("slack");
  });

  it("refuses other schemes and cloud metadata addresses with a 400, whatever WEBHOOK_ALLOW_PRIVATE says", async () => {
    for (const url of ["ftp://example.com/hook", "file:///etc/passwd", "javascript:alert(1)", "http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/", "http://[::ffff:169.254.169.254]/", "http://0.0.0.0:80/"]) {
      const res = await t.request({ method: "POST", url: "/api/admin/webhooks", headers, payload: { url, events: ["show.created"] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.url, url).toBeTruthy();
    }
    const noEvents = await t.request({ method: "POST", url: "/api/admin/webhooks", headers, payload: { url: "https://example.com/x", events: [] } });
    expect(noEvents.json().errors.events).toBe("Choose at least one event");
    const unknown = await t.request({ method: "POST", url: "/api/admin/webhooks", headers, payload: { url: "https://example.com/x", events: ["everything"] } });
    expect(unknown.statusCode).toBe(400);
    expect((await t.app.db.select().from(webhookEndpoints)).length).toBe(0);
  });

  it("changes, pauses, resumes and deletes; checks ids; refuses visitors", async () => {
    const { id } = await addEndpoint({ url: "https://example.com/a", events: ["show.created"] });
    const put = (payload: unknown) => t.request({ method: "PUT", url: `/api/admin/webhooks/${id}`, headers, payload: payload as never });
    expect((await put({ events: ["show.updated", "backup.failed"], includeMessage: true })).json().data).toMatchObject({ events: ["show.updated", "backup.failed"], includeMessage: true, paused: false });
    expect((await put({ paused: true })).json().data).toMatchObject({ paused: true, pausedReason: "admin" });
    expect((await put({ paused: false })).json().data).toMatchObject({ paused: false, pausedReason: null });
    expect((await put({ url: "ftp://x" })).statusCode).toBe(400);
    const routes = [
      { method: "PUT" as const, url: "/api/admin/webhooks/:id", payload: { paused: true } },
      { method: "POST" as const, url: "/api/admin/webhooks/:id/test" },
      { method: "DELETE" as const, url: "/api/admin/webhooks/:id" },
    ];
    await expectIdChecks(t, routes);
    await expectRefusedWithoutSession(t, [{ method: "GET", url: "/api/admin/webhooks" }, { method: "POST", url: "/api/admin/webhooks", payload: { url: "https://example.com/b", events: ["show.created"] } }, ...routes.map((r) => ({ ...r, url: r.url.replace(":id", String(id)) }))]);
    const log = (await t.request({ method: "GET", url: "/api/admin/activity?resource=webhooks", headers })).body;
    expect(log).toContain("paused the webhook to example.com");
    expect(log).not.toContain("https://example.com/a");
    expect((await t.request({ method: "DELETE", url: `/api/admin/webhooks/${id}`, headers })).json().message).toBe("Webhook deleted");
    expect((await t.app.db.select().from(webhookEndpoints)).length).toBe(0);
  });
});

describe("deliveries", () => {
  it("a contact message reaches a local receiver within 2 s, signed so that the standardwebhooks package verifies it, without the fan's words unless chosen", async () => {
    const r = await receiver();
    const { secret } = await addEndpoint({ url: r.url, events: ["message.received"] });
    const withWords = await receiver();
    const chosen = await addEndpoint({ url: withWords.url, events: ["message.received"], includeMessage: true });
    workers.push(t.app.webhookWorker.start()); // the server's own defaults (a round every second)
    const sent = Date.now();
    expect((await contact({ name: "Jane Booker", email: "jane@venue.example", messageType: "booking", message: "Can you play on May 3?" })).statusCode).toBe(200);
    const got = await r.nth(1, 5_000);
    expect(got.at - sent).toBeLessThan(2_000);
    const verified = new Webhook(secret).verify(got.body, got.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({ type: "message.received", data: { messageType: "booking", name: "Jane Booker", email: "jane@venue.example" } });
    expect(verified.data).not.toHaveProperty("message");
    expect(got.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,/);
    // tampered: refused by the same library
    expect(() => new Webhook(secret).verify(got.body.replace("booking", "general"), got.headers)).toThrow();
    const other = await withWords.nth(1, 5_000);
    expect(new Webhook(chosen.secret).verify(other.body, other.headers)).toMatchObject({ data: { message: "Can you play on May 3?" } });
    expect(other.headers["webhook-id"]).toBe(got.headers["webhook-id"]);
    await expect.poll(async () => (await deliveriesOf(chosen.id))[0]?.status).toBe("delivered");
    // the list shows it
    const list = (await t.request({ method: "GET", url: "/api/admin/webhooks", headers })).json().data;
    expect(list[0].deliveries[0]).toMatchObject({ eventType: "message.received", status: "delivered", lastStatusCode: 200, attempts: 1 });
  });

  it("a receiver answering 500 three times then 200 gets exactly one accepted delivery, with two workers at it", async () => {
    const r = await receiver((n) => (n <= 3 ? 500 : 200));
    const { id, secret } = await addEndpoint({ url: r.url, events: ["show.created"] });
    const fast = { pollMs: 20, retryDelayMs: () => 100 };
    workers.push(t.app.webhookWorker.start(fast), t.app.webhookWorker.start(fast));
    const created = await t.request({ method: "POST", url: "/api/shows", headers, payload: { venue: "The Pour House", location: "Raleigh, NC", date: "2031-05-03", time: "8:00 PM", price: "15", ageRestriction: "21+" } });
    expect(created.statusCode, created.body).toBe(201);
    const fourth = await r.nth(4);
    expect(new Webhook(secret).verify(fourth.body, fourth.headers)).toMatchObject({ type: "show.created", data: { show: { venue: "The Pour House", status: "scheduled" } } });
    expect(new Set(r.received.map((x) => x.headers["webhook-id"])).size).toBe(1);
    await expect.poll(async () => (await deliveriesOf(id))[0]?.status).toBe("delivered");
    // nothing more comes: a fixed wait, as long as many rounds of both workers
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.received.length).toBe(4);
    expect(r.received.filter((_, i) => i >= 3).length).toBe(1);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 200, lastError: null, claimToken: null });
    const [endpoint] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint.failingSince).toBeNull();
    // the retries came after the waits the worker was given
    for (let i = 1; i < 4; i++) expect(r.received[i].at - r.received[i - 1].at).toBeGreaterThanOrEqual(90);
  });

  it("the retry waits: about 5 s, 30 s, then growing, never more than 6 h apart", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([5_000, 30_000, 120_000, 480_000, 1_920_000]);
    expect(retryDelayMs(12)).toBe(6 * 3600_000);
  });

  it("a delivery left 'sending' by an instance that died (its lease run out) is sent again with the same webhook-id", async () => {
    const r = await receiver();
    const { id, secret } = await addEndpoint({ url: r.url, events: ["backup.failed"] });
    await raiseEvent(t.app.db, "backup.failed", { kind: "scheduled", error: "disk full", scheduledFor: null });
    // the dead instance: claimed (and maybe sent), never recorded
    const [claimed] = await claimDue(t.app.db, 10, 30);
    expect(claimed.endpointId).toBe(id);
    expect(await webhookRound(t.app)).toBe(0); // leased: nobody else takes it
    await t.app.db.update(webhookDeliveries).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(webhookDeliveries.id, claimed.id));
    expect(await webhookRound(t.app)).toBe(1);
    const got = await r.nth(1);
    expect(got.headers["webhook-id"]).toBe(claimed.eventId);
    expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: "backup.failed", data: { error: "disk full" } });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("gives up after a day, and an endpoint failing for a day is paused and the admins are told", async () => {
    const r = await receiver(() => 503);
    const { id } = await addEndpoint({ url: r.url, events: ["show.created"] });
    await raiseEvent(t.app.db, "show.created", { show: { id: 1, venue: "Cat's Cradle", location: "Carrboro, NC", date: "2031-01-01", time: "8:00 PM", status: "scheduled", price: "10.00", eventUrl: null, url: "http://x/shows" } });
    // a day has passed since the event and since the first failure
    await t.app.db.update(webhookDeliveries).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(webhookDeliveries.endpointId, id));
    await t.app.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '25 hours'` }).where(eq(webhookEndpoints.id, id));
    expect(await webhookRound(t.app)).toBe(1);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "failed", lastStatusCode: 503, lastError: "HTTP 503" });
    const [endpoint] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint.pausedReason).toBe("failing");
    const pausedMails = () => sink.mails.filter((m) => m.to.includes("admin@band.example") && m.subject.includes("paused"));
    await sink.waitFor(() => pausedMails().length === 1);
    const [mail] = pausedMails();
    expect(mail.subject).toMatch(/Webhook to 127\.0\.0\.1:\d+ paused after a day of failures/);
    expect(mail.decoded).toContain("https://band.example/admin/settings/notifications");
    // a second failure does not pause (nor mail) again
    const list = (await t.request({ method: "GET", url: "/api/admin/webhooks", headers })).json().data;
    expect(list[0]).toMatchObject({ paused: true, pausedReason: "failing" });
    // paused: new events are not queued for it
    expect(await raiseEvent(t.app.db, "show.created", { show: { id: 2, venue: "x", location: "y", date: "2031-01-02", time: "8", status: "scheduled", price: "1", eventUrl: null, url: "u" } })).toBe(0);
  });

  it("the test send answers the receiver's status and is listed; resend queues the same webhook-id again", async () => {
    const r = await receiver((n) => (n === 1 ? 200 : 200));
    const { id, secret } = await addEndpoint({ url: r.url, events: ["show.created"] });
    const test = await t.request({ method: "POST", url: `/api/admin/webhooks/${id}/test`, headers });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ message: "Test delivered (HTTP 200)", data: { eventType: "webhook.test", status: "delivered", lastStatusCode: 200, manual: "test" } });
    expect(new Webhook(secret).verify(r.received[0].body, r.received[0].headers)).toMatchObject({ type: "webhook.test" });
    const resend = await t.request({ method: "POST", url: `/api/admin/webhooks/${id}/deliveries/${test.json().data.id}/resend`, headers });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data).toMatchObject({ status: "pending", manual: "resend", eventId: test.json().data.eventId });
    expect(await webhookRound(t.app)).toBe(1);
    expect((await r.nth(2)).headers["webhook-id"]).toBe(r.received[0].headers["webhook-id"]);
    expect((await t.request({ method: "POST", url: `/api/admin/webhooks/${id}/deliveries/999999/resend`, headers })).statusCode).toBe(404);
  });

  it("does not follow redirects", async () => {
    const target = await receiver();
    const r = await receiver(() => 302);
    const { id } = await addEndpoint({ url: r.url, events: ["show.created"] });
    const test = await t.request({ method: "POST", url: `/api/admin/webhooks/${id}/test`, headers });
    expect(test.json().data).toMatchObject({ status: "failed", lastStatusCode: 302 });
    expect(test.json().message).toMatch(/redirects are not followed/);
    expect(target.received.length).toBe(0);
  });
});

describe("events raised by the modules", () => {
  it("show.updated tells what changed, the status among it; an edit changing nothing a fan sees tells nothing", async () => {
    const r = await receiver();
    const { id } = await addEndpoint({ url: r.url, events: ["show.updated"] });
    const show = { venue: "Motorco", location: "Durham, NC", date: "2031-06-01", time: "9:00 PM", price: "12", ageRestriction: "All Ages" };
    const created = (await t.request({ method: "POST", url: "/api/shows", headers, payload: show })).json().data;
    expect((await t.request({ method: "PUT", url: `/api/shows/${created.id}`, headers, payload: { ...show, status: "cancelled" } })).statusCode).toBe(200);
    expect((await t.request({ method: "PUT", url: `/api/shows/${created.id}`, headers, payload: { ...show, status: "cancelled", presaleCode: "SECRET1" } })).statusCode).toBe(200);
    const rows = await deliveriesOf(id);
    expect(rows.length).toBe(1);
    expect(JSON.parse(rows[0].body)).toMatchObject({ type: "show.updated", data: { show: { status: "cancelled" }, changes: { status: { from: "scheduled", to: "cancelled" } } } });
    expect(rows.map((x) => x.body).join()).not.toContain("SECRET1");
  });

  it("subscriber.confirmed and subscriber.unsubscribed, once each", async () => {
    const { id } = await addEndpoint({ url: "https://example.com/subs", events: ["subscriber.confirmed", "subscriber.unsubscribed"] });
    const { subscribe, verify, unsubscribeByToken } = await import("../subscribers/repository");
    const signup = await subscribe(t.app.db, { email: "fan@example.com", name: "Fan", interests: { shows: true, releases: false, merch: false }, ip: "1.2.3.4" });
    expect(signup).toBeTruthy();
    await verify(t.app.db, "fan@example.com", signup!.verifyToken, "1.2.3.4");
    await verify(t.app.db, "fan@example.com", signup!.verifyToken, "1.2.3.4");
    await unsubscribeByToken(t.app.db, signup!.unsubscribeToken);
    await unsubscribeByToken(t.app.db, signup!.unsubscribeToken);
    const rows = await deliveriesOf(id);
    expect(rows.map((x) => x.eventType)).toEqual(["subscriber.confirmed", "subscriber.unsubscribed"]);
    expect(JSON.parse(rows[0].body).data).toMatchObject({ email: "fan@example.com", name: "Fan" });
    expect(rows.map((x) => x.body).join()).not.toMatch(/token/i);
  });
});

describe("where a webhook may go", () => {
  it("refuses a target on 127.0.0.1 without WEBHOOK_ALLOW_PRIVATE, at save and at send", async () => {
    const { t: strict, headers: strictHeaders } = await startWithAdmin();
    try {
      const r = await receiver();
      for (const url of [r.url, "http://localhost:3000/x", "http://10.0.0.5/x", "http://[::1]/x", "http://192.168.1.1/x", "http://169.254.1.1/x"]) {
        const res = await strict.request({ method: "POST", url: "/api/admin/webhooks", headers: strictHeaders, payload: { url, events: ["message.received"] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors.url, url).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
      }
      // saved while allowed (or a name that now resolves to loopback): refused when it is sent, the receiver gets nothing
      const [row] = await strict.app.db.insert(webhookEndpoints).values({ url: r.url, events: ["message.received"], secret: "whsec_AAAA", format: "standard" }).returning();
      await raiseEvent(strict.app.db, "message.received", { id: 1, messageType: "general", name: null, email: "a@b.example", message: "hi", url: "u" });
      expect(await webhookRound(strict.app)).toBe(1);
      const [delivery] = await strict.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, row.id));
      expect(delivery).toMatchObject({ status: "pending", lastStatusCode: null });
      expect(delivery.lastError).toMatch(/^Refused: a loopback address/);
      expect(r.received.length).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("checks the resolved address: a name that resolves to loopback is refused unless allowed", async () => {
    const lookup = (host: string, allow: boolean) =>
      new Promise<string>((resolve) => checkedLookup(allow)(host, { all: true }, (err, addresses) => resolve(err ? `refused: ${err.message}` : JSON.stringify(addresses))));
    expect(await lookup("localhost", false)).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1): a loopback address/);
    expect(await lookup("localhost", true)).toMatch(/127\.0\.0\.1|::1/);
  });

  it("sends to a name through the checked lookup (localhost, allowed here) and refuses it when not allowed", async () => {
    const r = await receiver();
    const byName = r.url.replace("127.0.0.1", "localhost");
    const ok = await attempt({ url: byName, secret: "whsec_AAAA", eventId: "msg_1", body: "{}", allowPrivate: true });
    expect(ok).toMatchObject({ ok: true, status: 200 });
    expect(r.received.length).toBe(1);
    const refused = await attempt({ url: byName, secret: "whsec_AAAA", eventId: "msg_2", body: "{}", allowPrivate: false });
    expect(refused).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^Refused: localhost resolves to .*loopback/) });
    expect(r.received.length).toBe(1);
  });

  it("gives a receiver that does not answer 10 s (here shortened), then counts a failure", async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const r = await receiver(() => "hold");
    const started = Date.now();
    const late = await attempt({ url: r.url, secret: "whsec_AAAA", eventId: "msg_3", body: "{}", allowPrivate: true, timeoutMs: 300 });
    expect(late).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^No answer within/) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("classifies addresses: metadata always refused, private only without the setting", () => {
    expect(refusalOf("169.254.169.254", true)).toMatch(/metadata/);
    expect(refusalOf("fd00:ec2::254", true)).toMatch(/metadata/);
    expect(refusalOf("::ffff:169.254.169.254", true)).toMatch(/metadata/);
    expect(refusalOf("127.0.0.1", true)).toBeNull();
    expect(refusalOf("127.0.0.1", false)).toMatch(/loopback/);
    expect(refusalOf("::ffff:7f00:1", false)).toMatch(/loopback/);
    expect(refusalOf("fd12::1", false)).toMatch(/private/);
    expect(refusalOf("100.64.1.1", false)).toMatch(/carrierGradeNat/);
    expect(refusalOf("93.184.216.34", false)).toBeNull();
    expect(refusalOf("224.0.0.1", true)).toMatch(/multicast/);
    expect(refusalOfUrl("gopher://example.com", true)).toMatch(/https?/);
    expect(refusalOfUrl("http://metadata.google.internal/", true)).toMatch(/metadata/);
  });
});

describe("chat formats", () => {
  const event = (type: string, data: unknown) => JSON.stringify({ type, timestamp: "2031-01-01T00:00:00.000Z", data });

  it("Discord: a readable sentence, no mentions, the fan's words only when included", () => {
    const body = JSON.parse(bodyFor("discord", event("message.received", { id: 1, messageType: "booking", name: "Jane @everyone", email: "jane@venue.example", url: "https://band.example/admin/messages" }), "The Band"));
    expect(body.content).toMatch(/^New booking inquiry from Jane @\u200beveryone \(jane@\u200bvenue\.example\)/);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toContain("<https://band.example/admin/messages>");
    const withWords = JSON.parse(bodyFor("discord", event("message.received", { id: 1, messageType: "press", name: null, email: "ed@paper.example", message: "Interview?\nThursday", url: "u" }), "B"));
    expect(withWords.content).toMatch(/^New press inquiry from ed@\u200bpaper\.example\n> Interview\?\n> Thursday/);
  });

  it("Slack: text with <, >, & escaped so nothing pings the channel", () => {
    const body = JSON.parse(bodyFor("slack", event("message.received", { id: 1, messageType: "general", name: "<!channel> & co", email: "x@y.example", url: "https://band.example/admin/messages" }), "B"));
    expect(body.text).toBe("New message from &lt;!channel&gt; &amp; co (x@y.example)\n<https://band.example/admin/messages|Open>");
    const show = JSON.parse(bodyFor("slack", event("show.updated", { show: { venue: "Motorco", date: "2031-06-01", url: "https://band.example/shows" }, changes: { status: { from: "scheduled", to: "cancelled" } } }), "B"));
    expect(show.text).toMatch(/^The show at Motorco on Jun 1, 2031 is now Cancelled \(was Scheduled\)/);
    const news = JSON.parse(bodyFor("slack", event("newsletter.sent", { id: 3, subject: "Tour", recipients: 10, sent: 9, failed: 1, unknown: 0, skipped: 0 }), "B"));
    expect(news.text).toBe('Newsletter "Tour" went out to 9 of 10 fans (1 failed)');
  });

  it("a standard endpoint gets the event JSON as it is", () => {
    const json = event("show.created", { show: { id: 1 } });
    expect(bodyFor("standard", json, "B")).toBe(json);
  });
});
