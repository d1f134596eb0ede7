import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletters, shows, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { tellFansNearby } from "./nearby";

/**
 * 'Tell fans near it' (issue 24) through the real SMTP sink: a Durham, NC show with 100 miles
 * reaches the fan at 27601 (Raleigh) and not the one at 90012 (Los Angeles), once, also when two
 * rounds race for it (on PostgreSQL two connections, FOR UPDATE SKIP LOCKED); saved at 2:00 band
 * time (America/New_York, the default) it waits for 9:00 (the clock is injected).
 */
let t: TestApp;
let sink: SmtpSink;
let headers: Record<string, string>;
let clock = new Date("2031-02-01T17:00:00Z"); // noon in New York

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  headers = await t.adminHeaders();
  t.app.places.now = () => clock;
  // two fans by their ZIP, through the subscribe form, then verified
  for (const [email, place] of [["raleigh@example.com", "27601"], ["la@example.com", "90012"]]) {
    await t.request({ method: "POST", url: "/api/subscribe", payload: { email, interests: { shows: true }, place } });
  }
  await t.app.db.update(subscribers).set({ isVerified: true });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const show = { venue: "Motorco Music Hall", location: "Durham, NC", date: "2031-03-01", time: "8:00 PM", price: "0", ageRestriction: "All Ages", supportingActs: "Ghost Atlas", eventUrl: "https://tickets.example/motorco" };
const told = (subject: string) => sink.mails.filter((m) => m.subject.includes(subject));

describe("tell fans near it", () => {
  it("reaches the fan in Raleigh and not the one in Los Angeles, once, with the show's details", async () => {
    const created = await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, announceNearby: { miles: 100 } } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ announceNearby: { miles: 100 }, nearbyDueAt: clock.toISOString(), nearbyToldAt: null });
    // two rounds race for it (two connections on PostgreSQL): one claims it, the other finds nothing
    const rounds = await Promise.all([tellFansNearby(t.app, clock), tellFansNearby(t.app, clock)]);
    expect(rounds.filter(Boolean)).toEqual([{ showId: id, recipients: 1 }]);
    expect(await tellFansNearby(t.app, clock)).toBeNull();
    const worker = await t.app.newsletterWorker.start({ pollMs: 20 });
    await sink.waitFor((m) => m.some((x) => x.subject.includes("Motorco Music Hall")));
    await worker.idle();
    await worker.stop();
    const mails = told("Motorco Music Hall");
    expect(mails.map((m) => m.to[0])).toEqual(["raleigh@example.com"]);
    const words = mails[0].decoded;
    expect(mails[0].subject).toMatch(/^Near you: .*Motorco Music Hall, Mar 1, 2031$/);
    for (const part of ["playing near you", "Durham, NC", "Free", "Ghost Atlas", "Get tickets", "Add to calendar"]) expect(words).toContain(part);
    // the links as written (the mail carries them through the newsletter's counted links)
    const [stored] = await t.app.db.select().from(newsletters).where(eq(newsletters.nearShowId, id));
    expect(stored.contentHtml).toContain("https://tickets.example/motorco");
    expect(stored.contentHtml).toContain(`/shows/${id}.ics`);
    const admin = (await t.request({ method: "GET", url: `/api/shows/${id}`, headers })).json().data;
    expect(admin).toMatchObject({ nearbyToldAt: clock.toISOString(), nearbyToldCount: 1 });
    // an edit after it went changes nothing about it
    await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...show, announceNearby: { miles: 300 } } });
    expect(await tellFansNearby(t.app, clock)).toBeNull();
    expect((await t.app.db.select().from(newsletters).where(eq(newsletters.nearShowId, id))).length).toBe(1);
  });

  it("saved at 2:00 band time, it waits for 9:00", async () => {
    clock = new Date("2031-02-02T07:00:00Z"); // 2:00 in New York
    const created = await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "The Pinhook", announceNearby: { miles: 100 } } });
    const id = created.json().data.id;
    expect(created.json().data.nearbyDueAt).toBe("2031-02-02T14:00:00.000Z");
    expect(await tellFansNearby(t.app, new Date("2031-02-02T13:59:00Z"))).toBeNull();
    expect(await tellFansNearby(t.app, new Date("2031-02-02T14:00:00Z"))).toEqual({ showId: id, recipients: 1 });
  });

  it("a show not placed is marked told to no one, never an error; cancelled ones are not announced", async () => {
    clock = new Date("2031-02-03T17:00:00Z");
    const nowhere = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, location: "Somewhere Over The Rainbow", announceNearby: { miles: 100 } } })).json().data.id;
    expect(await tellFansNearby(t.app, clock)).toEqual({ showId: nowhere, recipients: 0 });
    const [row] = await t.app.db.select().from(shows).where(eq(shows.id, nowhere));
    expect(row).toMatchObject({ nearbyToldCount: 0, nearbyNewsletterId: null });
    const cancelled = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, status: "cancelled", announceNearby: { miles: 100 } } })).json().data.id;
    expect(await tellFansNearby(t.app, clock)).toEqual({ showId: cancelled, recipients: 0 });
  });

  it("a show not on sale yet: the mail says when tickets go on sale instead of 'Get tickets'", async () => {
    clock = new Date("2031-02-05T17:00:00Z");
    const id = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "The Ritz", onSaleAt: "2031-02-10T10:00:00-05:00", announceNearby: { miles: 100 } } })).json().data.id;
    expect(await tellFansNearby(t.app, clock)).toEqual({ showId: id, recipients: 1 });
    const [stored] = await t.app.db.select().from(newsletters).where(eq(newsletters.nearShowId, id));
    expect(stored.contentHtml).toContain("Tickets go on sale <strong>Feb 10, 2031 10:00 AM EST</strong>");
    expect(stored.contentHtml).not.toContain("Get tickets");
  });

  it("a show already played (a past date, for the archive) is not announced as 'playing near you'", async () => {
    clock = new Date("2031-02-04T17:00:00Z");
    const played = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "Kings", date: "2031-02-03", announceNearby: { miles: 100 } } })).json().data.id;
    expect(await tellFansNearby(t.app, clock)).toEqual({ showId: played, recipients: 0 });
    expect((await t.app.db.select().from(newsletters).where(eq(newsletters.nearShowId, played))).length).toBe(0);
    // tonight's show still is news
    const tonight = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, venue: "Lincoln Theatre", date: "2031-02-04", announceNearby: { miles: 100 } } })).json().data.id;
    expect(await tellFansNearby(t.app, clock)).toEqual({ showId: tonight, recipients: 1 });
  });
});
