import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RSVP_SUCCESS } from "@shared/api/rsvps";
import { rsvps, subscribers } from "../../db/schema";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession } from "../../test/crud-checks";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import { bandToday } from "./band-time";
import { SHOW_CANCELLED, SHOW_OVER } from "./public-routes";

/**
 * 'I'm going' (issue 24) through the real app and a real SMTP server: the one answer whatever
 * the address, the confirmation link (once; a HEAD never confirms), the mailing list only when
 * ticked, the count in the public answers, and the admin's list and CSV behind a session.
 */
describe("RSVPs", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ t, headers } = await startWithAdmin({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" }));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const day = (n: number) => {
    const [y, m, d] = bandToday(new Date(), "America/New_York").split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  };
  async function addShow(extra: Record<string, unknown> = {}) {
    const res = await t.request({
      method: "POST",
      url: "/api/shows",
      headers,
      payload: { venue: "The Pour House", location: "Raleigh, NC", date: day(10), time: "8:00 PM", price: "15", ageRestriction: "21+", eventUrl: "https://tickets.example/1", ...extra },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  }
  const rsvp = (showId: number, payload: Record<string, unknown>) => t.request({ method: "POST", url: `/api/shows/${showId}/rsvp`, payload });
  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
  const confirmMails = (address: string) => mailsTo(address).filter((m) => m.subject.startsWith("Confirm you're going"));
  const linkIn = (mail: ReceivedMail) => new URL(mail.links().find((l) => l.includes("/rsvp/confirm?"))!);
  const rowOf = async (showId: number, email: string) => (await t.app.db.select().from(rsvps).where(eq(rsvps.showId, showId))).find((r) => r.email === email);

  it("answers the same 200 whatever the address, and mails one link per few minutes", async () => {
    const showId = await addShow();
    const first = await rsvp(showId, { email: "New.Fan@Example.com", name: "New Fan" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: RSVP_SUCCESS });
    await sink.waitFor(() => confirmMails("new.fan@example.com").length === 1);

    // the same address again at once, and a stranger: the same answer; no second mail to the first
    const again = await rsvp(showId, { email: "new.fan@example.com" });
    const stranger = await rsvp(showId, { email: "someone.else@example.com", name: "=HYPERLINK(\"http://x\")" });
    expect([again.statusCode, stranger.statusCode]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    expect(stranger.body).toBe(first.body);
    await sink.waitFor(() => confirmMails("someone.else@example.com").length === 1);
    expect(confirmMails("new.fan@example.com")).toHaveLength(1);
    // one row per show and address; the name kept
    const rows = await t.app.db.select().from(rsvps).where(eq(rsvps.showId, showId));
    expect(rows.map((r) => [r.email, r.name]).sort()).toEqual([
      ["new.fan@example.com", "New Fan"],
      ["someone.else@example.com", '=HYPERLINK("http://x")'],
    ]);

    // the mail names the show, carries nothing the visitor typed, and its token is stored hashed
    const mail = confirmMails("new.fan@example.com")[0];
    expect(mail.subject).toBe(`Confirm you're going: Tar River Static at The Pour House, ${new Intl.DateTimeFormat("en-US", { weekday: "long", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day(10)}T00:00:00Z`))}`);
    expect(mail.decoded).not.toContain("New Fan");
    const token = linkIn(mail).searchParams.get("token")!;
    expect(linkIn(mail).origin).toBe("https://band.example");
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it("refuses an unknown show (404), a cancelled or past one (400), and a bad address (400)", async () => {
    expect((await rsvp(2147483000, { email: "a@example.com" })).statusCode).toBe(404);
    const cancelled = await addShow({ status: "cancelled" });
    const past = await addShow({ date: day(-1) });
    const refusedCancelled = await rsvp(cancelled, { email: "a@example.com" });
    expect(refusedCancelled.statusCode).toBe(400);
    expect(refusedCancelled.json().message).toBe(SHOW_CANCELLED);
    const refusedPast = await rsvp(past, { email: "a@example.com" });
    expect(refusedPast.statusCode).toBe(400);
    expect(refusedPast.json().message).toBe(SHOW_OVER);
    const bad = await rsvp(await addShow(), { email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: "Please enter a valid email address" });
  });

  it("confirms by the link once (a HEAD never confirms), and the public answers count it", async () => {
    const showId = await addShow({ venue: "Cat's Cradle", location: "Carrboro, NC" });
    const countOf = async () => ((await t.request({ method: "GET", url: "/api/shows?upcoming=true" })).json().data as { id: number; rsvps: number }[]).find((s) => s.id === showId)!.rsvps;
    // the cached answer before the confirmation must not outlive it
    expect(await countOf()).toBe(0);
    await rsvp(showId, { email: "going@example.com", name: "Going Fan" });
    const [mail] = await sink.waitFor(() => confirmMails("going@example.com").length === 1).then(() => confirmMails("going@example.com"));
    const link = linkIn(mail);

    const head = await t.request({ method: "HEAD", url: `${link.pathname}${link.search}` });
    expect(head.statusCode).toBe(200);
    expect((await rowOf(showId, "going@example.com"))!.confirmedAt).toBeNull();
    expect(await countOf()).toBe(0);

    const page = await t.request({ method: "GET", url: `${link.pathname}${link.search}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    // the outcome inlined for the page's render (the test app has no server-render build)
    expect(page.body).toContain(`"form":{"form":"rsvp-confirm"`);
    expect(page.body).toContain(`"ok":true,"message":"You're going to Cat's Cradle, Carrboro, NC on`);
    const confirmed = (await rowOf(showId, "going@example.com"))!;
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.toldVenue).toBe("Cat's Cradle");
    expect(await countOf()).toBe(1);
    // the home page's list too, and every other field as before
    const home = (await t.request({ method: "GET", url: "/api/shows?upcoming=true&limit=50" })).json().data.find((s: { id: number }) => s.id === showId);
    expect(home).toMatchObject({ id: showId, venue: "Cat's Cradle", location: "Carrboro, NC", time: "8:00 PM", price: "15.00", status: "scheduled", revision: 0, rsvps: 1 });

    // opened again (the page, or the app's POST): it says so and changes nothing
    const twice = await t.request({ method: "POST", url: "/api/rsvps/confirm", payload: { token: link.searchParams.get("token") } });
    expect(twice.json()).toEqual({ success: true, message: expect.stringMatching(/^You're already on the list for Cat's Cradle/) });
    expect((await rowOf(showId, "going@example.com"))!.confirmedAt).toEqual(confirmed.confirmedAt);
    expect(await countOf()).toBe(1);
    // an RSVP already confirmed gets no new mail
    await rsvp(showId, { email: "going@example.com" });
    expect(confirmMails("going@example.com")).toHaveLength(1);

    const bogus = await t.request({ method: "POST", url: "/api/rsvps/confirm", payload: { token: "not-a-token" } });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toMatch(/^This link is not valid/);
    const missing = await t.request({ method: "GET", url: "/rsvp/confirm", headers: { accept: "text/html" } });
    expect(missing.statusCode).toBe(400);
  });

  it("an expired link or a show cancelled since confirms nothing", async () => {
    const showId = await addShow();
    await rsvp(showId, { email: "late@example.com" });
    await rsvp(showId, { email: "unlucky@example.com" });
    await sink.waitFor(() => confirmMails("late@example.com").length === 1 && confirmMails("unlucky@example.com").length === 1);
    await t.app.db.update(rsvps).set({ confirmSentAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(rsvps.email, "late@example.com"));
    const expired = await t.request({ method: "POST", url: "/api/rsvps/confirm", payload: { token: linkIn(confirmMails("late@example.com")[0]).searchParams.get("token") } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/^This link has expired/);

    const show = (await t.request({ method: "GET", url: `/api/shows/${showId}`, headers })).json().data;
    await t.request({ method: "PUT", url: `/api/shows/${showId}`, headers, payload: { ...show, eventUrl: show.eventUrl ?? "", status: "cancelled" } });
    const cancelled = await t.request({ method: "POST", url: "/api/rsvps/confirm", payload: { token: linkIn(confirmMails("unlucky@example.com")[0]).searchParams.get("token") } });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().message).toBe(SHOW_CANCELLED);
    expect((await t.app.db.select().from(rsvps).where(eq(rsvps.showId, showId))).every((r) => r.confirmedAt === null)).toBe(true);
  });

  it("joins the mailing list only when ticked, through its own signup (shows interest, its own confirmation)", async () => {
    const showId = await addShow();
    await rsvp(showId, { email: "just.going@example.com" });
    await rsvp(showId, { email: "joins.too@example.com", name: "Joiner", subscribe: true });
    await sink.waitFor(() => mailsTo("joins.too@example.com").length === 2 && confirmMails("just.going@example.com").length === 1);
    const fans = await t.app.db.select().from(subscribers);
    expect(fans.map((f) => f.email)).not.toContain("just.going@example.com");
    const joined = fans.find((f) => f.email === "joins.too@example.com")!;
    expect(joined).toMatchObject({ name: "Joiner", showsInterest: true, releasesInterest: false, merchInterest: false, isVerified: false });
    const subjects = mailsTo("joins.too@example.com").map((m) => m.subject);
    expect(subjects).toContain("Confirm your subscription to Tar River Static");
    expect(subjects.filter((s) => s.startsWith("Confirm you're going"))).toHaveLength(1);
  });

  it("posted without JavaScript: the answer is drawn on the page the card was on, errors included", async () => {
    const showId = await addShow();
    const post = (form: string) =>
      t.request({ method: "POST", url: `/api/shows/${showId}/rsvp`, headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, payload: form });
    const refused = await post(`show=${showId}&page=%2Fshows&email=nope&name=Fan&website=`);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain("Please enter a valid email address");
    const ok = await post(`show=${showId}&page=%2F&email=form.fan%40example.com&name=&subscribe=yes&website=`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Almost there: check your email");
    await sink.waitFor(() => confirmMails("form.fan@example.com").length === 1 && mailsTo("form.fan@example.com").length === 2);
  });

  it("the admin's list and CSV need a session; the CSV defuses formulas", async () => {
    const showId = await addShow({ date: day(20) });
    await rsvp(showId, { email: "b@example.com", name: "=cmd|' /C calc'!A0" });
    await rsvp(showId, { email: "a@example.com", name: "Plain, Fan" });
    await sink.waitFor(() => confirmMails("b@example.com").length === 1 && confirmMails("a@example.com").length === 1);
    const link = linkIn(confirmMails("a@example.com")[0]);
    await t.request({ method: "GET", url: `${link.pathname}${link.search}` });

    await expectRefusedWithoutSession(t, [
      { method: "GET", url: `/api/admin/shows/${showId}/rsvps` },
      { method: "GET", url: `/api/admin/shows/${showId}/rsvps/export` },
    ]);
    await expectIdChecks(t, [
      { method: "GET", url: "/api/admin/shows/:id/rsvps" },
      { method: "GET", url: "/api/admin/shows/:id/rsvps/export" },
    ]);

    const list = await t.request({ method: "GET", url: `/api/admin/shows/${showId}/rsvps`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toMatch(/no-store/);
    const data = list.json().data as Record<string, unknown>[];
    expect(data.map((r) => [r.email, r.confirmed])).toEqual([
      ["a@example.com", true],
      ["b@example.com", false],
    ]);
    expect(Object.keys(data[0]).sort()).toEqual(["confirmed", "confirmedAt", "createdAt", "email", "id", "name", "remindedAt"]);

    // the admin table carries the count
    const table = (await t.request({ method: "GET", url: "/api/admin/shows?upcoming=true", headers })).json().data as { id: number; rsvps: number }[];
    expect(table.find((s) => s.id === showId)!.rsvps).toBe(1);

    const csv = await t.request({ method: "GET", url: `/api/admin/shows/${showId}/rsvps/export`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="tar-river-static-rsvps-${day(20)}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Confirmed,Said going at,Confirmed at,Reminded at");
    expect(lines[1]).toMatch(/^"Plain, Fan",a@example\.com,Yes,\d{4}-.*Z,\d{4}-.*Z,$/);
    expect(lines[2]).toMatch(/^'=cmd\|' \/C calc'!A0,b@example\.com,No,/);
  });
});
