import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showsApi } from "@shared/api/shows";
import { formatDateTime, todayIso } from "@shared/format";
import { INITIAL_DATA_ID, type InitialPage } from "@shared/page-render";
import { PRESALE_NEEDS_CODE, SHOW_MOMENT_RULE } from "@shared/schemas/shows";
import { NO_PRESALE, PRESALE_ANSWER } from "@shared/show-sale";
import { activityLog, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { buildSsrForTests, removeSsrBuild } from "../../test/ssr-build";

/**
 * Issue 24, on-sale and presale: the code goes by mail (the real SMTP sink) to a confirmed fan
 * only, the answer is the same for every address, and the code is in no public answer, page,
 * feed, activity entry or log line; before `onSaleAt` the page says 'On sale <date>' instead of
 * the ticket link, and after it the ticket link, without any write.
 */
const CODE = "NEUSE-PRESALE-7731";
const ZONE = "America/New_York";
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let t: TestApp;
let sink: SmtpSink;
let headers: Record<string, string>;
const logLines: string[] = [];

const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const show = (extra: Record<string, unknown> = {}) => ({
  venue: "Cat's Cradle",
  location: "Carrboro, NC",
  date: day(30),
  time: "8:00 PM",
  price: 18,
  ageRestriction: "All Ages",
  eventUrl: "https://tickets.example/cradle",
  ...extra,
});

beforeAll(async () => {
  // the pages drawn on the server (decision 017): the card as fans get it without JavaScript
  buildSsrForTests();
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" }, { logStream: { write: (line) => void logLines.push(line) } });
  headers = await t.adminHeaders();
  await t.database.db.insert(subscribers).values([
    { email: "fan@example.com", isVerified: true, isSubscribed: true, showsInterest: true },
    { email: "new@example.com", isVerified: false },
    { email: "gone@example.com", isVerified: true, isSubscribed: false },
    { email: "bounced@example.com", isVerified: true, bouncedAt: new Date() },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
  removeSsrBuild();
});

async function addShow(body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url: showsApi.list, headers, payload: show(body) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; presaleCode: string | null; onSaleAt: string | null; presaleStartsAt: string | null };
}

const askForCode = (id: number, email: string, extra: Record<string, string> = {}) => t.request({ method: "POST", url: showsApi.presale(id), payload: { email, ...extra } });
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));

/** The page's inlined data and what the server drew inside #root. */
function pageParts(html: string): { page: InitialPage; root: string } {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(match, "the page inlines its data").not.toBeNull();
  const start = html.indexOf('<div id="root">');
  expect(start, "the page is drawn on the server").toBeGreaterThan(-1);
  return { page: JSON.parse(match![1]) as InitialPage, root: html.slice(start, html.indexOf(`id="${INITIAL_DATA_ID}"`)) };
}

/** One show's card in the server's HTML (its <li id="show-N">). */
function cardOf(root: string, id: number): string {
  const start = root.indexOf(`id="show-${id}"`);
  expect(start, `show ${id} is on the page`).toBeGreaterThan(-1);
  return root.slice(start, root.indexOf("</li>", start));
}

describe("the presale code by mail", () => {
  it("reaches a confirmed fan through SMTP and nobody else, with one answer for every address", async () => {
    const { id } = await addShow({ presaleCode: CODE, presaleStartsAt: inHours(24 * 5), onSaleAt: inHours(24 * 10) });
    const answers = [];
    for (const email of [" Fan@Example.com ", "new@example.com", "gone@example.com", "bounced@example.com", "stranger@example.com"]) {
      const res = await askForCode(id, email);
      answers.push([res.statusCode, res.body]);
    }
    // the same bytes whatever the address: nothing tells who is on the list
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, JSON.stringify({ success: true, message: PRESALE_ANSWER })]);
    expect(answers[0][1]).not.toContain(CODE);

    await t.app.mailer.settled();
    expect(sink.mails.map((m) => m.to)).toEqual([["fan@example.com"]]);
    const [mail] = mailsTo("fan@example.com");
    expect(mail.subject).toMatch(/^Your presale code: .+ at Cat's Cradle, \w{3}, \w{3} \d{1,2}, \d{4}$/);
    expect(mail.subject).not.toContain(CODE);
    expect(mail.decoded).toContain(CODE);
    expect(mail.decoded).toContain("Carrboro, NC");
    expect(mail.decoded).toMatch(/The presale starts \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M E[SD]T\./);
    expect(mail.decoded).toMatch(/Tickets go on sale to everyone \w{3} \d{1,2}, \d{4}/);
    expect(mail.links()).toContain("https://tickets.example/cradle");

    // asked again at once (or by someone else with the fan's address): no second mail
    expect((await askForCode(id, "fan@example.com")).statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(mailsTo("fan@example.com")).toHaveLength(1);
  });

  it("a presale on now says so; a bot's honeypot gets the same answer and no mail", async () => {
    const { id } = await addShow({ venue: "The Pinhook", presaleCode: "PINHOOK-NOW", eventUrl: "" });
    const bot = await askForCode(id, "fan@example.com", { website: "https://spam.example" });
    expect(bot.json()).toEqual({ success: true, message: PRESALE_ANSWER });
    await t.app.mailer.settled();
    expect(sink.mails.filter((m) => m.decoded.includes("PINHOOK-NOW"))).toHaveLength(0);

    await askForCode(id, "fan@example.com");
    await t.app.mailer.settled();
    const mail = sink.mails.find((m) => m.decoded.includes("PINHOOK-NOW"))!;
    expect(mail.decoded).toContain("The presale is on now.");
    expect(mail.decoded).toContain("The ticket link will be on https://band.example/shows");
  });

  it("404 for an unknown show and for one without an open presale; 400 for a bad address", async () => {
    const none = await addShow({ venue: "No Presale Hall" });
    const cancelled = await addShow({ venue: "Dark Club", presaleCode: "DARK-1", status: "cancelled" });
    const past = await addShow({ venue: "Old Barn", presaleCode: "BARN-1", date: day(-3) });
    expect((await askForCode(999_999, "fan@example.com")).json()).toEqual({ success: false, message: "Show not found" });
    for (const { id } of [none, cancelled, past]) {
      const res = await askForCode(id, "fan@example.com");
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NO_PRESALE);
    }
    const bad = await askForCode(none.id, "not-an-address");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: "Please enter a valid email address" });
    expect((await t.request({ method: "POST", url: "/api/shows/abc/presale", payload: { email: "fan@example.com" } })).statusCode).toBe(400);
    await t.app.mailer.settled();
    expect(sink.mails.filter((m) => /DARK-1|BARN-1/.test(m.decoded))).toHaveLength(0);
  });

  it("is rate limited like the other public forms", async () => {
    const limited = await createTestApp({ FORM_RATE_LIMIT: 2 });
    try {
      const admin = await limited.adminHeaders();
      const { id } = (await limited.request({ method: "POST", url: showsApi.list, headers: admin, payload: show({ presaleCode: "LIMIT-1" }) })).json().data;
      const ask = () => limited.request({ method: "POST", url: showsApi.presale(id), payload: { email: "a@example.com" } });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("works as an ordinary form without JavaScript: the answer is drawn on the page, in the show's card", async () => {
    const { id } = await addShow({ venue: "Motorco", presaleCode: CODE });
    const res = await t.request({
      method: "POST",
      url: showsApi.presale(id),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: BROWSER_ACCEPT },
      payload: new URLSearchParams({ email: "fan@example.com", website: "", show: String(id), page: "/shows" }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { page, root } = pageParts(res.body);
    expect(page.path).toBe("/shows");
    expect(page.form).toMatchObject({ form: "presale", page: "/shows", ok: true, message: PRESALE_ANSWER, values: { email: "fan@example.com", show: String(id) } });
    const card = cardOf(root, id);
    expect(card).toContain("<details open");
    expect(card).toContain(PRESALE_ANSWER.replace(/'/g, "&#x27;"));
    expect(card).toContain('href="/#booking"');
    expect(res.body).not.toContain(CODE);
    await t.app.mailer.settled();
    expect(sink.mails.filter((m) => m.decoded.includes("Motorco"))).toHaveLength(1);
  });
});

describe("the show's on-sale and presale fields", () => {
  it("refuses bad date-times and a presale start without a code, naming the field", async () => {
    for (const [field, value] of [
      ["onSaleAt", "next friday"],
      ["onSaleAt", "2031-03-01T10:00:00"],
      ["presaleStartsAt", "2031-03-01 10:00"],
      ["onSaleAt", 1_900_000_000],
    ] as const) {
      const res = await t.request({ method: "POST", url: showsApi.list, headers, payload: show({ presaleCode: "X", [field]: value }) });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().message).toBe(`${field}: ${SHOW_MOMENT_RULE}`);
      expect(res.json().errors).toEqual({ [field]: SHOW_MOMENT_RULE });
    }
    const noCode = await t.request({ method: "POST", url: showsApi.list, headers, payload: show({ presaleStartsAt: inHours(5) }) });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual({ presaleCode: PRESALE_NEEDS_CODE });
    const long = await t.request({ method: "POST", url: showsApi.list, headers, payload: show({ presaleCode: "x".repeat(101) }) });
    expect(long.json().errors.presaleCode).toMatch(/too long/);
  });

  it("admin answers carry them; an update without them keeps them, empty clears them", async () => {
    const onSaleAt = "2031-03-01T10:00:00-05:00";
    const created = await addShow({ date: "2031-03-10", presaleCode: " TRIM-ME ", onSaleAt, presaleStartsAt: "2031-02-25T15:00:00Z" });
    expect(created).toMatchObject({ presaleCode: "TRIM-ME", onSaleAt: "2031-03-01T15:00:00.000Z", presaleStartsAt: "2031-02-25T15:00:00.000Z" });
    const item = await t.request({ method: "GET", url: showsApi.item(created.id), headers });
    expect(item.json().data).toMatchObject({ presaleCode: "TRIM-ME", onSaleAt: "2031-03-01T15:00:00.000Z" });
    const table = await t.request({ method: "GET", url: `${showsApi.adminTable}?q=${encodeURIComponent("Cat's")}&pageSize=100`, headers });
    expect(table.json().data.find((s: { id: number }) => s.id === created.id)).toMatchObject({ presaleCode: "TRIM-ME" });
    // the spec-era table on GET /api/shows (an admin's) answers the same page
    const legacy = await t.request({ method: "GET", url: `${showsApi.list}?q=${encodeURIComponent("Cat's")}&pageSize=100`, headers });
    expect(legacy.json().data.find((s: { id: number }) => s.id === created.id)).toMatchObject({ presaleCode: "TRIM-ME" });

    // a client from before issue 24 (the table's status change) sends none of them: kept
    const { venue, location, date, time, price, ageRestriction, eventUrl } = show();
    const kept = await t.request({ method: "PUT", url: showsApi.item(created.id), headers, payload: { venue, location, date, time, price, ageRestriction, eventUrl, status: "postponed" } });
    expect(kept.json().data).toMatchObject({ status: "postponed", presaleCode: "TRIM-ME", onSaleAt: "2031-03-01T15:00:00.000Z", presaleStartsAt: "2031-02-25T15:00:00.000Z" });
    const cleared = await t.request({ method: "PUT", url: showsApi.item(created.id), headers, payload: show({ onSaleAt: "", presaleStartsAt: null, presaleCode: "" }) });
    expect(cleared.json().data).toMatchObject({ presaleCode: null, onSaleAt: null, presaleStartsAt: null });
  });

  it("the code is in no public answer, page, feed, JSON-LD, activity entry or log line", async () => {
    const { id } = await addShow({ venue: "Local 506", presaleCode: CODE, presaleStartsAt: inHours(48), onSaleAt: inHours(24 * 7) });
    // a refused write with the code in its body: not in the log either
    await t.request({ method: "POST", url: showsApi.list, headers, payload: show({ presaleCode: `${CODE}-REFUSED`, onSaleAt: "soon" }) });
    const NEW_CODE = "LOCAL506-SECOND";
    const edited = await t.request({ method: "PUT", url: showsApi.item(id), headers, payload: show({ venue: "Local 506", presaleCode: NEW_CODE, presaleStartsAt: inHours(48), onSaleAt: inHours(24 * 7) }) });
    expect(edited.statusCode).toBe(200);
    await askForCode(id, "fan@example.com");
    await t.app.mailer.settled();
    expect(mailsTo("fan@example.com").some((m) => m.decoded.includes(NEW_CODE))).toBe(true);

    const list = await t.request({ method: "GET", url: showsApi.upcoming });
    const listed = list.json().data.find((s: { id: number }) => s.id === id);
    expect(listed).toMatchObject({ hasPresale: true, presaleStartsAt: expect.any(String), onSaleAt: expect.any(String), eventUrl: "https://tickets.example/cradle" });
    expect(listed).not.toHaveProperty("presaleCode");
    const publicUrls = [showsApi.list, showsApi.upcoming, showsApi.home, showsApi.past(), "/", "/shows", showsApi.calendar, showsApi.showCalendar(id), "/sitemap.xml"];
    for (const url of publicUrls) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      for (const code of [CODE, NEW_CODE]) expect(res.body, `${url} holds the code`).not.toContain(code);
    }
    const home = (await t.request({ method: "GET", url: "/" })).body;
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(home)![1];
    const event = JSON.parse(jsonLd)["@graph"].find((n: { "@type": string; location?: { name: string } }) => n["@type"] === "MusicEvent" && n.location?.name === "Local 506");
    expect(event.offers.validFrom).toBe(listed.onSaleAt);

    const entries = await t.database.db.select().from(activityLog);
    const logged = JSON.stringify(entries);
    expect(logged).toContain("presale code edited");
    for (const code of [CODE, NEW_CODE, `${CODE}-REFUSED`]) {
      expect(logged).not.toContain(code);
      expect(logLines.join("\n")).not.toContain(code);
    }
    // the log did record the requests (it is not just empty)
    expect(logLines.some((l) => l.includes(showsApi.presale(id)))).toBe(true);
  });
});

describe("on sale at a time", () => {
  it("the public answer carries onSaleAt; the page shows 'On sale <date>' until then and the ticket link after, without any write", async () => {
    const onSale = await addShow({ venue: "Already On Sale", onSaleAt: inHours(-1), date: day(2) });
    const later = await addShow({ venue: "Later On Sale", onSaleAt: inHours(24 * 12), date: day(13) });
    const soonAt = new Date(Date.now() + 4_000).toISOString();
    const soon = await addShow({ venue: "Soon On Sale", onSaleAt: soonAt, date: day(4) });

    const answer = (await t.request({ method: "GET", url: showsApi.home })).json().data as { id: number; onSaleAt: string; eventUrl: string }[];
    expect(answer.find((s) => s.id === later.id)).toMatchObject({ onSaleAt: later.onSaleAt, eventUrl: "https://tickets.example/cradle" });

    for (const path of ["/", "/shows"]) {
      const { page, root } = pageParts((await t.request({ method: "GET", url: path })).body);
      // drawn as of the latest on-sale time passed: the app's first render reads the links as the server did
      expect(page.asOf).toBe(new Date(onSale.onSaleAt!).toISOString());
      expect(cardOf(root, onSale.id)).toContain(`href="/go/show/${onSale.id}"`);
      const laterCard = cardOf(root, later.id);
      expect(laterCard).not.toContain(`/go/show/${later.id}`);
      expect(laterCard).toContain("On sale");
      expect(laterCard).toContain(formatDateTime(later.onSaleAt, ZONE));
      expect(cardOf(root, soon.id)).not.toContain(`/go/show/${soon.id}`);
    }

    // the cached page goes stale at the on-sale time by itself: no write in between
    await expect
      .poll(async () => cardOf(pageParts((await t.request({ method: "GET", url: "/" })).body).root, soon.id), { timeout: 15_000, interval: 250 })
      .toContain(`href="/go/show/${soon.id}"`);
    const { page } = pageParts((await t.request({ method: "GET", url: "/" })).body);
    expect(page.asOf).toBe(new Date(soonAt).toISOString());
  });
});
