import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newsletters, statsDaily, statsEvents, subscribers } from "../../db/schema";
import { ADMIN, createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import type { NewsletterWorker } from "../newsletter/worker";
import { rollUpDay } from "./totals";

const FAN = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PUBLIC_URL = "https://band.example";
const TICKETS = "https://tickets.example/spring?tour=1&city=leeds";
const RECORD = "http://records.example/lp";
const FANS = ["ann@fans.example", "bo@fans.example"];

/** The words a band writes: two web links (one with an & in it), a mail link, a relative one. */
const CONTENT = `<p>Tickets: <a href="${TICKETS.replace("&", "&amp;")}">spring tour</a></p>
<p>The record: <a href="${RECORD}">${RECORD}</a>. Write to <a href="mailto:band@band.example">us</a>, see <a href="/shows">the shows</a>.</p>`;

/** A mail's text and HTML parts (quoted-printable undone by the sink). */
function partsOf(mail: ReceivedMail) {
  const text = mail.decoded.split("Content-Type: text/plain")[1].split("Content-Type: text/html")[0];
  const html = mail.decoded.split("Content-Type: text/html")[1];
  return { text, html };
}

const goLinks = (s: string) => s.match(/https?:\/\/[^\s"'<>)]*\/go\/newsletter\/[^\s"'<>)]*/g) ?? [];

describe("newsletter link clicks (issue 23)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let headers: Record<string, string>;
  let worker: NewsletterWorker | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
    headers = await t.adminHeaders();
    await t.app.db.insert(subscribers).values(FANS.map((email) => ({ email, showsInterest: true, isVerified: true, verifiedAt: new Date() })));
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Sends a newsletter to both fans through the real worker and SMTP; answers its id and the mails. */
  async function sendNewsletter(subject: string) {
    const res = await t.request({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject, content: CONTENT, targetShows: true } });
    expect(res.statusCode).toBe(202);
    worker = await t.app.newsletterWorker.start({ pollMs: 20, concurrency: 2, ratePerSecond: 100 });
    const mails = await sink.waitFor((m) => m.filter((x) => x.subject === subject).length === FANS.length);
    await worker.idle();
    return { id: res.json().data.newsletterId as number, mails: mails.filter((x) => x.subject === subject) };
  }

  const follow = (path: string, extra: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    t.request({ method, url: path, headers: { "user-agent": FAN, ...extra }, remoteAddress: "198.51.100.7" });
  const report = async () => {
    const today = await t.app.stats.dayOf(new Date());
    const res = await t.request({ method: "GET", url: `/api/admin/stats?from=${today}&to=${today}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const newsletterEvents = async () => t.app.db.select().from(statsEvents).where(eq(statsEvents.kind, "newsletter"));

  let first: { id: number; mails: ReceivedMail[] };

  it("a sent newsletter's HTML and text lead through /go/newsletter, the same for every fan; mail and unsubscribe links untouched", async () => {
    first = await sendNewsletter("Spring tour");
    const { id, mails } = first;
    const go = (n: number) => `${PUBLIC_URL}/go/newsletter/${id}/${n}`;
    const seen = new Set<string>();
    for (const mail of mails) {
      const { text, html } = partsOf(mail);
      expect(html).toContain(`<a href="${go(0)}" rel="noopener noreferrer" target="_blank">spring tour</a>`);
      expect(html).toContain(`<a href="${go(1)}" rel="noopener noreferrer" target="_blank">${RECORD}</a>`);
      expect(html).not.toContain(`href="${TICKETS.replace("&", "&amp;")}"`);
      expect(html).not.toContain(`href="${RECORD}"`);
      expect(html).toContain('href="mailto:band@band.example"');
      expect(html).toContain('href="/shows"');
      expect(text).toContain(`spring tour (${go(0)})`);
      expect(text).toContain(`${RECORD} (${go(1)})`);
      expect(text).not.toContain(TICKETS);
      // every /go link is exactly the newsletter and link number: nothing about the fan
      const links = [...goLinks(html), ...goLinks(text)];
      expect(links.length).toBe(4);
      for (const link of links) {
        expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/go/newsletter/${id}/\\d$`));
        seen.add(link);
      }
      // the fan's own links stay theirs, and outside /go
      const to = encodeURIComponent(mail.to[0]);
      const unsubscribe = new RegExp(`${PUBLIC_URL}/unsubscribe\\?email=${to}&(amp;)?token=[\\w-]+`);
      expect(html).toMatch(unsubscribe);
      expect(text).toMatch(unsubscribe);
      expect(mail.header("list-unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?email=${to}&token=[\\w-]+>$`));
      expect(html).toMatch(new RegExp(`${PUBLIC_URL}/preferences\\?token=[\\w-]+`));
      for (const link of links) expect(link).not.toContain(to);
    }
    // both fans got the very same two links
    expect([...seen].sort()).toEqual([go(0), go(1)]);
    // the stored newsletter keeps its links as written: the route reads them from there
    const [stored] = await t.app.db.select().from(newsletters).where(eq(newsletters.id, id));
    expect(stored.contentHtml).toContain(`href="${TICKETS.replace("&", "&amp;")}"`);
  });

  it("following a link lands at the original address and counts once; a bot, a HEAD and the signed-in band do not count", async () => {
    const { id } = first;
    const click = await follow(`/go/newsletter/${id}/0?url=https://evil.example/`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(TICKETS);
    expect(click.headers["cache-control"]).toBe("no-store");
    expect(click.headers["set-cookie"]).toBeUndefined();
    expect((await follow(`/go/newsletter/${id}/1`)).headers.location).toBe(`${RECORD}`);

    const bot = await follow(`/go/newsletter/${id}/0`, { "user-agent": BOT });
    const head = await follow(`/go/newsletter/${id}/0`, {}, "HEAD");
    const login = await t.request({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const sid = String(login.headers["set-cookie"]).match(/sid=([^;]+)/)![1];
    const band = await follow(`/go/newsletter/${id}/0`, { cookie: `sid=${sid}` });
    for (const answer of [bot, head, band]) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(TICKETS);
    }
    await t.app.stats.flush();
    const events = await newsletterEvents();
    expect(events.map((e) => [e.target, e.path]).sort()).toEqual([
      [id, "0"],
      [id, "1"],
    ]);
  });

  it("answers 404 for an unknown newsletter, an unknown link number, and a newsletter not sent yet", async () => {
    const { id } = first;
    expect((await follow(`/go/newsletter/${id + 1000}/0`)).statusCode).toBe(404);
    // two web links: the mail link and the relative one have no number
    expect((await follow(`/go/newsletter/${id}/2`)).statusCode).toBe(404);
    expect((await follow(`/go/newsletter/${id}/x`)).statusCode).toBe(400);
    const scheduled = await t.request({
      method: "POST",
      url: "/api/newsletter/send",
      headers,
      payload: { subject: "Later", content: CONTENT, targetShows: true, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(scheduled.statusCode).toBe(202);
    expect((await follow(`/go/newsletter/${scheduled.json().data.newsletterId}/0`)).statusCode).toBe(404);
    await t.app.stats.flush();
    expect(await newsletterEvents()).toHaveLength(2);
  });

  it("the report lists each link's clicks with the newsletter's subject and the address, also once the day is rolled up", async () => {
    const { id } = first;
    await follow(`/go/newsletter/${id}/1`, {}, "GET");
    await t.app.stats.flush();
    const expected = [
      { newsletterId: id, subject: "Spring tour", link: 1, url: RECORD, clicks: 2 },
      { newsletterId: id, subject: "Spring tour", link: 0, url: TICKETS, clicks: 1 },
    ];
    const live = await report();
    expect(live.newsletterClicks).toEqual(expected);
    // shows and merch only, as before
    expect(live.clicks).toEqual([]);

    const today = await t.app.stats.dayOf(new Date());
    expect(await rollUpDay(t.app.db, today)).toBe(true);
    const keys = (await t.app.db.select().from(statsDaily).where(eq(statsDaily.dimension, "click"))).map((r) => [r.key, r.events]);
    expect(keys.sort()).toEqual([
      [`newsletter:${id}:0`, 1],
      [`newsletter:${id}:1`, 2],
    ]);
    expect((await report()).newsletterClicks).toEqual(expected);
  });

  it("with the setting off, a new newsletter keeps its links as written and a click still leads on but is not counted", async () => {
    const off = await t.request({ method: "PUT", url: "/api/settings", headers, payload: { "newsletter-click-counting": "false" } });
    expect(off.statusCode).toBe(200);
    const before = (await newsletterEvents()).length;

    const { mails } = await sendNewsletter("Summer tour");
    for (const mail of mails) {
      const { text, html } = partsOf(mail);
      expect(goLinks(html)).toEqual([]);
      expect(goLinks(text)).toEqual([]);
      expect(html).toContain(`href="${TICKETS.replace("&", "&amp;")}"`);
      expect(html).toContain(`href="${RECORD}"`);
      expect(text).toContain(`spring tour (${TICKETS})`);
    }
    // an older newsletter's link still works, uncounted
    const click = await follow(`/go/newsletter/${first.id}/0`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(TICKETS);
    await t.app.stats.flush();
    expect(await newsletterEvents()).toHaveLength(before);

    // and on again: counted
    await t.request({ method: "PUT", url: "/api/settings", headers, payload: { "newsletter-click-counting": "true" } });
    await follow(`/go/newsletter/${first.id}/0`);
    await t.app.stats.flush();
    expect(await newsletterEvents()).toHaveLength(before + 1);
  });

  it("refuses a setting value that is not 'true' or 'false'", async () => {
    const res = await t.request({ method: "PUT", url: "/api/settings", headers, payload: { "newsletter-click-counting": "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["newsletter-click-counting"]).toBe("Must be 'true' or 'false'");
  });
});
