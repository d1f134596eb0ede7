import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rsvps } from "../../db/schema";
import { startWithAdmin, type TestApp } from "../../test/app";
import { secondInstance } from "../../test/second-instance";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import { bandToday, longDay } from "./band-time";
import { rsvpRound } from "./rounds";

const ZONE = "America/New_York";
/** An instant on a band's day at a band hour ('2026-12-05', 12, 0 -> noon in New York that day). */
const bandTime = (day: string, hour: number, minute = 0) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, hour, minute, 0, ZONE).getTime());
};
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * The RSVP module's background round (issue 24) with an injected clock, through the real SMTP
 * server: the reminder arrives once, the day before at noon band time, with the show as an .ics;
 * a cancelled, postponed or moved show is told once per change to each fan who confirmed. On
 * PostgreSQL, two app instances run the round at the same moment and each mail still goes once.
 */
describe("RSVP reminders and notices", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ t, headers } = await startWithAdmin({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 }));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const today = bandToday(new Date(), ZONE);
  const showPayload = (extra: Record<string, unknown> = {}) => ({ venue: "Kings", location: "Raleigh, NC", date: addDays(today, 5), time: "9:00 PM", price: "12", ageRestriction: "All ages", eventUrl: "https://tickets.example/kings", ...extra });
  async function addShow(extra: Record<string, unknown> = {}) {
    const res = await t.request({ method: "POST", url: "/api/shows", headers, payload: showPayload(extra) });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; date: string; venue: string };
  }
  async function editShow(id: number, changes: Record<string, unknown>) {
    const show = (await t.request({ method: "GET", url: `/api/shows/${id}`, headers })).json().data;
    const res = await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...show, eventUrl: show.eventUrl ?? "", ...changes } });
    expect(res.statusCode).toBe(200);
  }
  /** RSVPs confirmed through the real link in the real mail. */
  async function going(showId: number, ...fans: string[]) {
    for (const email of fans) {
      expect((await t.request({ method: "POST", url: `/api/shows/${showId}/rsvp`, payload: { email, name: email.split("@")[0] } })).statusCode).toBe(200);
    }
    const mails = await sink.waitFor((all) => fans.every((f) => all.some((m) => m.to.includes(f) && m.subject.startsWith("Confirm you're going"))));
    for (const email of fans) {
      const mail = mails.filter((m) => m.to.includes(email) && m.subject.startsWith("Confirm you're going")).at(-1)!;
      const link = new URL(mail.links().find((l) => l.includes("/rsvp/confirm?"))!);
      const res = await t.request({ method: "POST", url: "/api/rsvps/confirm", payload: { token: link.searchParams.get("token") } });
      expect(res.json().message).toMatch(/^You're going to /);
    }
  }
  const since = (n: number) => sink.mails.slice(n);
  const subjectsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to.includes(email)).map((m) => m.subject);

  it("the reminder arrives once, the day before the show at noon band time, with venue, time, tickets and the .ics", async () => {
    const show = await addShow();
    const date = show.date;
    await going(show.id, "reminded@example.com");
    // someone who never confirmed gets nothing
    await t.request({ method: "POST", url: `/api/shows/${show.id}/rsvp`, payload: { email: "unconfirmed@example.com" } });
    await sink.waitFor((m) => m.some((x) => x.to.includes("unconfirmed@example.com")));
    const before = sink.mails.length;

    const dayBefore = addDays(date, -1);
    expect(await rsvpRound(t.app, { now: () => bandTime(addDays(date, -2), 12) })).toMatchObject({ reminders: 0 });
    expect(await rsvpRound(t.app, { now: () => bandTime(dayBefore, 11, 59) })).toMatchObject({ reminders: 0 });
    expect(since(before)).toHaveLength(0);

    expect(await rsvpRound(t.app, { now: () => bandTime(dayBefore, 12, 0) })).toMatchObject({ reminders: 1 });
    const [reminder] = since(before);
    expect(reminder.to).toEqual(["reminded@example.com"]);
    expect(reminder.subject).toBe("Tomorrow: Tar River Static at Kings");
    expect(reminder.decoded).toContain("Hi reminded,");
    expect(reminder.decoded).toContain(`When: ${longDay(date)}, 9:00 PM`);
    expect(reminder.decoded).toContain("Where: Kings, Raleigh, NC");
    expect(reminder.decoded).toContain("Tickets: https://tickets.example/kings");
    // the show as the calendar module writes it (ical-generator), attached
    expect(reminder.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=show\.ics/i);
    const ics = Buffer.from(reminder.raw.split(/name=show\.ics[\s\S]*?\r?\n\r?\n/i)[1].split(/\r?\n--/)[0].replace(/\s+/g, ""), "base64").toString("utf8");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`UID:show-${show.id}@band.example`);
    expect(ics).toContain("SUMMARY:Tar River Static at Kings");
    // 9:00 PM band time as a UTC instant (in winter, 02:00 UTC the next day)
    expect(ics).toContain(`DTSTART:${bandTime(date, 21).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);

    // later that afternoon, in the evening, and once more: nothing again
    for (const [h, m] of [[12, 5], [18, 0], [23, 59]]) expect(await rsvpRound(t.app, { now: () => bandTime(dayBefore, h, m) })).toMatchObject({ reminders: 0 });
    expect(since(before)).toHaveLength(1);

    // moved to another day: a notice, then that day's reminder in its turn
    await editShow(show.id, { date: addDays(date, 2) });
    await rsvpRound(t.app, { now: () => bandTime(dayBefore, 13) });
    expect(subjectsTo(since(before), "reminded@example.com")).toEqual(["Tomorrow: Tar River Static at Kings", `Moved: Tar River Static at Kings, now ${longDay(addDays(date, 2))} at Kings`]);
    expect(await rsvpRound(t.app, { now: () => bandTime(addDays(date, 1), 12) })).toMatchObject({ reminders: 1, notices: 0 });
    expect(since(before)).toHaveLength(3);
  });

  it("cancelling a show tells each fan who confirmed once; a second round sends nothing", async () => {
    const show = await addShow({ venue: "Lincoln Theatre" });
    const fans = ["c1@example.com", "c2@example.com", "c3@example.com"];
    await going(show.id, ...fans);
    const before = sink.mails.length;
    const clock = { now: () => bandTime(today, 9) };
    // sold out is not news to those going
    await editShow(show.id, { status: "sold-out" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 0 });

    await editShow(show.id, { status: "cancelled" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 3 });
    const sent = since(before);
    expect(sent.map((m) => m.to[0]).sort()).toEqual(fans);
    expect(new Set(sent.map((m) => m.subject))).toEqual(new Set([`Cancelled: Tar River Static at Lincoln Theatre, ${longDay(show.date)}`]));
    expect(sent[0].decoded).toContain(`The show at Lincoln Theatre, Raleigh, NC on ${longDay(show.date)} is cancelled.`);

    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 0 });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 0 });
    expect(since(before)).toHaveLength(3);
    // a cancelled show is reminded of nothing
    expect(await rsvpRound(t.app, { now: () => bandTime(addDays(show.date, -1), 12) })).toMatchObject({ reminders: 0 });

    // on again: told once more
    await editShow(show.id, { status: "scheduled" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 3 });
    expect(subjectsTo(since(before), "c1@example.com")[1]).toBe(`Back on: Tar River Static at Lincoln Theatre, ${longDay(show.date)}`);
  });

  it("moving a show sends one 'moved' notice per fan; each later change again once", async () => {
    const show = await addShow({ venue: "Pinhook", location: "Durham, NC" });
    await going(show.id, "m1@example.com", "m2@example.com");
    const before = sink.mails.length;
    const clock = { now: () => bandTime(today, 9) };
    const newDate = addDays(show.date, 7);
    await editShow(show.id, { date: newDate, venue: "Motorco", location: "Durham, NC" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 2 });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 0 });
    const moved = since(before);
    expect(moved).toHaveLength(2);
    expect(moved[0].subject).toBe(`Moved: Tar River Static at Pinhook, now ${longDay(newDate)} at Motorco`);
    expect(moved[0].decoded).toContain(`The show at Pinhook on ${longDay(show.date)} has moved to ${longDay(newDate)} at Motorco.`);

    // a later time change: once more
    await editShow(show.id, { time: "10:00 PM" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 2 });
    // postponed: once, and not again
    await editShow(show.id, { status: "postponed" });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 2 });
    expect(await rsvpRound(t.app, clock)).toMatchObject({ notices: 0 });
    expect(subjectsTo(since(before), "m1@example.com")).toEqual([
      moved.find((m) => m.to[0] === "m1@example.com")!.subject,
      `Moved: Tar River Static at Motorco, now ${longDay(newDate)} at Motorco`,
      `Postponed: Tar River Static at Motorco, ${longDay(newDate)}`,
    ]);
  });

  it("'Can't make it?' in a reminder: the page only asks, the button takes the name off, and no notice or reminder follows", async () => {
    const show = await addShow({ venue: "The Cave", location: "Chapel Hill, NC", date: addDays(today, 9) });
    await going(show.id, "leaving@example.com", "staying@example.com");
    // the count on the public show cards
    const count = async () => ((await t.request({ method: "GET", url: "/api/shows" })).json().data as { id: number; rsvps: number }[]).find((s) => s.id === show.id)!.rsvps;
    expect(await count()).toBe(2);
    const before = sink.mails.length;
    expect(await rsvpRound(t.app, { now: () => bandTime(addDays(show.date, -1), 12) })).toMatchObject({ reminders: 2 });
    const reminder = since(before).find((m) => m.to.includes("leaving@example.com"))!;
    expect(reminder.decoded).toContain("Can't make it? Take your name off the list");
    const link = new URL(reminder.links().find((l) => l.includes("/rsvp/leave?"))!);
    expect(link.origin).toBe("https://band.example");
    const token = link.searchParams.get("token")!;

    // opening the link (a mail scanner, a prefetch) takes no one off
    for (const method of ["GET", "HEAD"] as const) expect((await t.request({ method, url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect(await count()).toBe(2);

    // the page's button, posted without JavaScript: the answer drawn on the same page
    const posted = await t.request({ method: "POST", url: "/api/rsvps/leave", headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, payload: new URLSearchParams({ token }).toString() });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers["content-type"]).toMatch(/text\/html/);
    expect(posted.body).toContain(`Your name is off the list for The Cave, Chapel Hill, NC on ${longDay(show.date)}. Thanks for letting us know.`);
    expect(await count()).toBe(1);
    // a second time (the app, or the back button): a clear 400, and the other fan is still going
    const again = await t.request({ method: "POST", url: "/api/rsvps/leave", payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This link is not valid, or your name is already off the list.");
    expect((await t.request({ method: "POST", url: "/api/rsvps/leave", payload: { token: "not-a-token" } })).statusCode).toBe(400);
    expect((await t.request({ method: "POST", url: "/api/rsvps/leave", payload: {} })).statusCode).toBe(400);

    // the show moves: only the fan still going is told, and only they get its reminder
    const moved = sink.mails.length;
    await editShow(show.id, { date: addDays(show.date, 1) });
    expect(await rsvpRound(t.app, { now: () => bandTime(today, 9) })).toMatchObject({ notices: 1 });
    expect(await rsvpRound(t.app, { now: () => bandTime(show.date, 12) })).toMatchObject({ reminders: 1 });
    expect(since(moved).map((m) => m.to[0])).toEqual(["staying@example.com", "staying@example.com"]);
    // the notice has its own link, which works as well
    const notice = since(moved)[0];
    const noticeToken = new URL(notice.links().find((l) => l.includes("/rsvp/leave?"))!).searchParams.get("token");
    const left = await t.request({ method: "POST", url: "/api/rsvps/leave", payload: { token: noticeToken } });
    expect(left.json().message).toMatch(/^Your name is off the list for The Cave/);
    expect(await count()).toBe(0);
  });

  it("a send refused for now (4xx) is tried again in a later round, once", async () => {
    const show = await addShow({ venue: "Local 506" });
    await going(show.id, "retry@example.com");
    const before = sink.mails.length;
    await editShow(show.id, { status: "cancelled" });
    sink.failNext(1);
    expect(await rsvpRound(t.app, { now: () => bandTime(today, 9) })).toMatchObject({ notices: 1 });
    expect(since(before)).toHaveLength(0);
    expect(await rsvpRound(t.app, { now: () => bandTime(today, 9) })).toMatchObject({ notices: 1 });
    expect(await rsvpRound(t.app, { now: () => bandTime(today, 9) })).toMatchObject({ notices: 0 });
    expect(subjectsTo(since(before), "retry@example.com")).toEqual([expect.stringMatching(/^Cancelled: /)]);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
    it("run the round at the same moment: each reminder and each notice goes out exactly once", async () => {
      const b = await secondInstance(t, { SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 });
      try {
        const reminded = await addShow({ venue: "The Ritz", date: addDays(today, 9) });
        const moved = await addShow({ venue: "Haw River Ballroom", date: addDays(today, 12) });
        // many confirmed fans, written directly (the confirmation path is tested above): what the confirm leaves
        const fans = Array.from({ length: 40 }, (_, i) => `fan${i}@crowd.example`);
        const confirmed = (showId: number, show: { date: string; venue: string }) =>
          fans.map((email) => ({ showId, email, confirmSentAt: new Date(), confirmedAt: new Date(), toldDate: show.date, toldTime: "9:00 PM", toldVenue: show.venue, toldLocation: "Raleigh, NC", toldStatus: "scheduled" as const }));
        await t.app.db.insert(rsvps).values([...confirmed(reminded.id, reminded), ...confirmed(moved.id, moved)]);
        await editShow(moved.id, { venue: "Cat's Cradle" });

        const before = sink.mails.length;
        const noon = { now: () => bandTime(addDays(today, 8), 12, 30), batchSize: 7 };
        for (let i = 0; i < 10; i++) await Promise.all([rsvpRound(t.app, noon), rsvpRound(b.app, noon), rsvpRound(b.app, noon)]);
        const sent = since(before);
        const perFan = (subject: string) => fans.map((f) => sent.filter((m) => m.to[0] === f && m.subject.startsWith(subject)).length);
        expect(perFan("Tomorrow: Tar River Static at The Ritz")).toEqual(fans.map(() => 1));
        expect(perFan("Moved: Tar River Static at Haw River Ballroom")).toEqual(fans.map(() => 1));
        expect(sent).toHaveLength(80);
      } finally {
        await b.close();
      }
    });
  });
});
