import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletters, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { sendPresaleNearby } from "./nearby";

/**
 * 'Send the code to fans near it when the presale starts' (issue 24), through the real SMTP sink:
 * a Durham, NC show's code reaches the verified fan in Raleigh when its presale starts (the clock
 * is injected), once, and never the fan in Los Angeles, the unverified one, or anyone before the
 * start; it is in no public answer.
 */
let t: TestApp;
let sink: SmtpSink;
let headers: Record<string, string>;
const clock = new Date("2031-02-01T17:00:00Z"); // noon in New York
const starts = new Date("2031-02-03T15:00:00Z"); // 10:00 two days later

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  headers = await t.adminHeaders();
  t.app.places.now = () => clock;
  for (const [email, place] of [["raleigh@example.com", "27601"], ["la@example.com", "90012"], ["pending@example.com", "27601"]]) {
    await t.request({ method: "POST", url: "/api/subscribe", payload: { email, interests: { shows: true }, place } });
  }
  await t.app.db.update(subscribers).set({ isVerified: true });
  await t.app.db.update(subscribers).set({ isVerified: false }).where(eq(subscribers.email, "pending@example.com"));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const CODE = "GHOSTS31";
const show = { venue: "Motorco Music Hall", location: "Durham, NC", date: "2031-03-01", time: "8:00 PM", price: "15", ageRestriction: "All Ages", supportingActs: "", eventUrl: "https://tickets.example/motorco" };

describe("the presale code sent to fans near the show when the presale starts", () => {
  it("needs a code, like the presale's start", async () => {
    const res = await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, presaleNearby: { miles: 100 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.presaleCode).toBe("A presale needs its code");
    expect((await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, presaleCode: CODE, presaleNearby: { miles: 0 } } })).statusCode).toBe(400);
  });

  it("reaches the verified fan in Raleigh at the start, once, with the code; nobody before it; no LA or unverified fan", async () => {
    const created = await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, presaleCode: CODE, presaleStartsAt: starts.toISOString(), presaleNearby: { miles: 100 } } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ presaleNearby: { miles: 100 }, presaleNearbyToldAt: null, presaleNearbyToldCount: null });

    expect(await sendPresaleNearby(t.app, clock)).toBeNull();
    expect(await sendPresaleNearby(t.app, new Date(starts.getTime() - 1000))).toBeNull();
    // two rounds race at the start (two connections on PostgreSQL): one claims it
    const rounds = await Promise.all([sendPresaleNearby(t.app, starts), sendPresaleNearby(t.app, starts)]);
    expect(rounds.filter(Boolean)).toEqual([{ showId: id, recipients: 1 }]);
    expect(await sendPresaleNearby(t.app, starts)).toBeNull();

    const worker = await t.app.newsletterWorker.start({ pollMs: 20 });
    await sink.waitFor((m) => m.some((x) => x.subject.startsWith("Presale code:")));
    await worker.idle();
    await worker.stop();
    const mails = sink.mails.filter((m) => m.subject.startsWith("Presale code:"));
    expect(mails.map((m) => m.to[0])).toEqual(["raleigh@example.com"]);
    expect(mails[0].subject).toContain("Motorco Music Hall, Sat, Mar 1, 2031");
    for (const part of [CODE, "presale", "Durham, NC", "Get tickets", "keep it to yourself"]) expect(mails[0].decoded).toContain(part);

    const admin = (await t.request({ method: "GET", url: `/api/shows/${id}`, headers })).json().data;
    expect(admin).toMatchObject({ presaleNearbyToldAt: starts.toISOString(), presaleNearbyToldCount: 1 });
    // the public answers never carry the code
    expect((await t.request({ method: "GET", url: "/api/shows" })).body).not.toContain(CODE);
    expect((await t.request({ method: "GET", url: "/shows" })).body).not.toContain(CODE);
    // an edit after it went changes nothing: sent once
    await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...show, presaleCode: CODE, presaleNearby: { miles: 300 } } });
    expect(await sendPresaleNearby(t.app, new Date(starts.getTime() + 60_000))).toBeNull();
    expect((await t.app.db.select().from(newsletters).where(eq(newsletters.nearShowId, id))).length).toBe(1);
  });

  it("a presale with no start time goes at once; a sold-out or unplaced show is marked sent to no one", async () => {
    const now = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "The Pinhook", presaleCode: CODE, presaleNearby: { miles: 100 } } })).json().data.id;
    expect(await sendPresaleNearby(t.app, clock)).toEqual({ showId: now, recipients: 1 });
    const soldOut = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "Cat's Cradle", status: "sold-out", presaleCode: CODE, presaleNearby: { miles: 100 } } })).json().data.id;
    expect(await sendPresaleNearby(t.app, clock)).toEqual({ showId: soldOut, recipients: 0 });
    const nowhere = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, location: "Somewhere Over The Rainbow", presaleCode: CODE, presaleNearby: { miles: 100 } } })).json().data.id;
    expect(await sendPresaleNearby(t.app, clock)).toEqual({ showId: nowhere, recipients: 0 });
    expect(await sendPresaleNearby(t.app, clock)).toBeNull();
  });
});
