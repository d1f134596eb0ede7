import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { releasesApi } from "@shared/api/releases";
import { INITIAL_DATA_ID, type InitialPage } from "@shared/page-render";
import { audioTracks, lyrics, releaseNotifies, statsEvents, subscribers, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession } from "../../test/crud-checks";
import { secondInstance } from "../../test/second-instance";
import { buildSsrForTests, removeSsrBuild } from "../../test/ssr-build";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import { releaseOutRound, releaseOutWorker } from "./rounds";

/**
 * Releases (issue 25) on the real app, its real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), a real SMTP server and the server render: the admin resource and its
 * checks, the page that counts down then links, 'E-mail me when it is out' sent once at
 * releaseAt (two rounds at once; on PostgreSQL two instances and a restart), and the free
 * download link that works 5 times and 7 days.
 */
let t: TestApp;
let sink: SmtpSink;
let headers: Record<string, string>;
const FAN = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ON_PG = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  buildSsrForTests();
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 });
  headers = await t.adminHeaders();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
  removeSsrBuild();
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const release = (extra: Record<string, unknown> = {}) => ({
  title: "Static Season",
  type: "ep",
  releaseAt: inMs(30 * 86_400_000),
  description: "Five songs from the van.",
  links: [
    { service: "spotify", url: "https://open.spotify.com/album/abc" },
    { service: "bandcamp", url: "https://band.bandcamp.com/album/static-season" },
  ],
  published: true,
  ...extra,
});
async function addRelease(extra: Record<string, unknown> = {}) {
  const res = await t.request({ method: "POST", url: releasesApi.list, headers, payload: release(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; slug: string; releaseAt: string; trackIds: number[] };
}

function pageParts(html: string): { page: InitialPage; root: string } {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(match, "the page inlines its data").not.toBeNull();
  const start = html.indexOf('<div id="root">');
  expect(start, "the page is drawn on the server").toBeGreaterThan(-1);
  return { page: JSON.parse(match![1]) as InitialPage, root: html.slice(start, html.indexOf(`id="${INITIAL_DATA_ID}"`)) };
}

/** The last mail to `to` whose subject starts with `subject`, waited for. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const mails = await sink.waitFor((all) => all.some((m) => m.to.includes(to) && m.subject.startsWith(subject)));
  return mails.filter((m) => m.to.includes(to) && m.subject.startsWith(subject)).at(-1)!;
}
const mailsTo = (to: string, subject: string) => sink.mails.filter((m) => m.to.includes(to) && m.subject.startsWith(subject));
const linkIn = (mail: ReceivedMail, path: string) => mail.links().find((l) => l.includes(path))!;

describe("the admin's releases", () => {
  it("refuses visitors on every admin route, and checks ids", async () => {
    const routes = [
      { method: "GET" as const, url: releasesApi.adminList },
      { method: "GET" as const, url: releasesApi.adminItem(1) },
      { method: "POST" as const, url: releasesApi.list, payload: release() },
      { method: "PUT" as const, url: releasesApi.item(1), payload: release() },
      { method: "DELETE" as const, url: releasesApi.item(1) },
    ];
    await expectRefusedWithoutSession(t, routes);
    await expectIdChecks(t, [
      { method: "GET", url: "/api/admin/releases/:id" },
      { method: "PUT", url: "/api/releases/:id", payload: release() },
      { method: "DELETE", url: "/api/releases/:id" },
    ]);
  });

  it("checks each link is on its service over https, one per service, and the rest of the body", async () => {
    const refused = async (extra: Record<string, unknown>, field: string, words: RegExp) => {
      const res = await t.request({ method: "POST", url: releasesApi.list, headers, payload: release(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[field]).toMatch(words);
    };
    await refused({ links: [{ service: "spotify", url: "https://evil.example/album/abc" }] }, "links.0.url", /not a Spotify link/);
    await refused({ links: [{ service: "bandcamp", url: "http://band.bandcamp.com/album/x" }] }, "links.0.url", /https/);
    await refused({ links: [{ service: "apple-music", url: "https://open.spotify.com/album/abc" }] }, "links.0.url", /not a Apple Music link/);
    await refused({ links: [{ service: "tidal", url: "javascript:alert(1)" }] }, "links.0.url", /https|full link/);
    await refused({ links: [{ service: "spotify", url: "https://open.spotify.com/a" }, { service: "spotify", url: "https://open.spotify.com/b" }] }, "links.1.service", /twice/);
    await refused({ links: [{ service: "myspace", url: "https://myspace.com/x" }] }, "links.0.service", /service must be one of/);
    await refused({ releaseAt: "2031-03-01T00:00:00" }, "releaseAt", /offset/);
    await refused({ type: "mixtape" }, "type", /single, ep or album/);
    await refused({ trackIds: [999999] }, "trackIds", /No audio track with id 999999/);
    await refused({ slug: "Not A Slug!" }, "slug", /a-z, 0-9/);
    // a free download file must be one the band uploaded: a typo or a made-up path left fans who joined for it with 'not available'
    await refused({ downloadFile: "/uploads/audio/../../../etc/passwd" }, "downloadFile", /upload it first/);
    await refused({ downloadFile: "/uploads/audio/no-such-file.zip" }, "downloadFile", /upload it first/);
    await refused({ downloadFile: "etc/passwd" }, "downloadFile", /upload it first/);
    // every service's own host passes, a Bandcamp artist's subdomain included
    const ok = await addRelease({
      title: "All The Services",
      links: [
        { service: "spotify", url: "https://open.spotify.com/album/1" },
        { service: "apple-music", url: "https://music.apple.com/us/album/x/1" },
        { service: "bandcamp", url: "https://someband.bandcamp.com/album/x" },
        { service: "youtube-music", url: "https://music.youtube.com/playlist?list=x" },
        { service: "tidal", url: "https://tidal.com/browse/album/1" },
        { service: "amazon-music", url: "https://music.amazon.com/albums/B0" },
        { service: "deezer", url: "https://www.deezer.com/album/1" },
        { service: "soundcloud", url: "https://soundcloud.com/band/sets/x" },
      ],
    });
    expect(ok.slug).toBe("all-the-services");
  });

  it("makes the address from the title, keeps it on edits, refuses a taken one, and keeps drafts off the public side", async () => {
    const a = await addRelease({ title: "Night Drive" });
    const b = await addRelease({ title: "Night Drive" });
    expect([a.slug, b.slug]).toEqual(["night-drive", "night-drive-2"]);
    const edited = await t.request({ method: "PUT", url: releasesApi.item(b.id), headers, payload: release({ title: "Night Drive (Deluxe)" }) });
    expect(edited.json().data.slug).toBe("night-drive-2");
    const taken = await t.request({ method: "PUT", url: releasesApi.item(b.id), headers, payload: release({ title: "x", slug: "night-drive" }) });
    expect(taken.statusCode).toBe(409);
    // named on the field, so the form marks the page address
    expect(taken.json().errors).toEqual({ slug: "Another release already has the address /releases/night-drive" });
    const draft = await addRelease({ title: "Secret Demo", published: false });
    expect((await t.request({ method: "GET", url: releasesApi.item(draft.slug) })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: releasesApi.item(draft.id) })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/releases/${draft.slug}` })).statusCode).toBe(404);
    const list = (await t.request({ method: "GET", url: releasesApi.list })).json().data as { slug: string }[];
    expect(list.map((r) => r.slug)).not.toContain("secret-demo");
    expect((await t.request({ method: "GET", url: releasesApi.item(a.id) })).json().data.slug).toBe("night-drive");
    // the activity log tells it in the band's words
    const log = (await t.request({ method: "GET", url: "/api/admin/activity", headers })).json();
    expect(JSON.stringify(log)).toContain("added the release 'Night Drive'");
    expect((await t.request({ method: "DELETE", url: releasesApi.item(draft.id), headers })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: releasesApi.adminItem(draft.id), headers })).statusCode).toBe(404);
  });

  it("keeps the tracklist in order, links each track to its published lyrics, and holds the audio back until it is out", async () => {
    const tracks = await t.app.db
      .insert(audioTracks)
      .values([
        { title: "Floodplain", artist: "The Band", audioUrl: "/uploads/audio/flood.mp3", duration: "201" },
        { title: "Porch Light", artist: "The Band", audioUrl: "/uploads/audio/porch.mp3", duration: "185" },
      ])
      .returning();
    await t.app.db.insert(lyrics).values([
      { title: "Floodplain", songName: "floodplain ", lyricsText: "words", isPublished: true },
      { title: "Porch Light", songName: "Porch Light", lyricsText: "draft words", isPublished: false },
    ]);
    const r = await addRelease({ title: "Ordered", trackIds: [tracks[1].id, tracks[0].id] });
    expect(r.trackIds).toEqual([tracks[1].id, tracks[0].id]);
    const data = (await t.request({ method: "GET", url: releasesApi.item("ordered") })).json().data;
    expect(data.tracks.map((x: { title: string; position: number }) => [x.position, x.title])).toEqual([
      [1, "Porch Light"],
      [2, "Floodplain"],
    ]);
    expect(data.tracks[1].lyricsId).toEqual(expect.any(Number));
    expect(data.tracks[0].lyricsId).toBeNull();
    expect(data.tracks.every((x: { audioUrl: string | null }) => x.audioUrl === null)).toBe(true);
    expect(data.links).toEqual([]);
  });
});

describe("release day", () => {
  it("the page counts down with no service links before releaseAt, and shows the links after it without any write", async () => {
    const soon = await addRelease({ title: "Any Second Now", releaseAt: inMs(4_000) });
    const before = (await t.request({ method: "GET", url: `/releases/${soon.slug}` })).body;
    const { root } = pageParts(before);
    expect(root).toContain('data-testid="countdown"');
    expect(before).not.toContain(`/go/release/${soon.id}/`);
    expect(before).not.toContain("open.spotify.com");
    // structured data and the share card
    expect(before).toContain('"@type":"MusicAlbum"');
    expect(before).toContain('<meta property="og:type" content="music.album"');
    expect((await t.request({ method: "GET", url: `/go/release/${soon.id}/spotify` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: releasesApi.item(soon.slug) })).json().data.links).toEqual([]);
    // 'e-mail me' is refused once out, so check the form is open now
    expect((await t.request({ method: "POST", url: releasesApi.notify(soon.id), payload: { email: "early@example.com" } })).statusCode).toBe(200);

    // the cached page and answer go stale at releaseAt by themselves
    await expect
      .poll(async () => (await t.request({ method: "GET", url: `/releases/${soon.slug}` })).body, { timeout: 15_000, interval: 250 })
      .toContain(`href="/go/release/${soon.id}/spotify"`);
    const after = pageParts((await t.request({ method: "GET", url: `/releases/${soon.slug}` })).body);
    expect(after.root).not.toContain('data-testid="countdown"');
    expect(after.page.asOf).toBe(new Date(soon.releaseAt).toISOString());
    expect((await t.request({ method: "GET", url: releasesApi.item(soon.slug) })).json().data.links).toHaveLength(2);

    // the button leads to the stored link, counted like the other outbound links
    const go = await t.request({ method: "GET", url: `/go/release/${soon.id}/spotify`, headers: { "user-agent": FAN } });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe("https://open.spotify.com/album/abc");
    expect((await t.request({ method: "GET", url: `/go/release/${soon.id}/tidal` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/go/release/${soon.id}/myspace` })).statusCode).toBe(400);
    await t.app.stats.flush();
    const clicks = await t.app.db.select().from(statsEvents).where(eq(statsEvents.kind, "release"));
    expect(clicks).toEqual([expect.objectContaining({ target: soon.id, path: "spotify" })]);
    // the band's day, not UTC's: from 19:00 in North Carolina the two differ, and the report
    // for UTC's day was empty (CI ran there once)
    const today = await t.app.stats.dayOf(new Date());
    const report = (await t.request({ method: "GET", url: `/api/admin/stats?from=${today}&to=${today}`, headers })).json().data;
    expect(report.clicks).toEqual(expect.arrayContaining([{ kind: "release", id: soon.id, label: "Any Second Now on Spotify", clicks: 1 }]));
    expect((await t.request({ method: "POST", url: releasesApi.notify(soon.id), payload: { email: "late@example.com" } })).statusCode).toBe(400);
  });

  it("lists releases on /releases, the latest on the home page, and every release page in the sitemap", async () => {
    const latest = await addRelease({ title: "Newest Thing", releaseAt: inMs(400 * 86_400_000) });
    const list = (await t.request({ method: "GET", url: releasesApi.list })).json().data as { slug: string }[];
    expect(list[0].slug).toBe(latest.slug);
    expect(pageParts((await t.request({ method: "GET", url: "/releases" })).body).root).toContain("Newest Thing");
    expect(pageParts((await t.request({ method: "GET", url: "/" })).body).root).toContain(`href="/releases/${latest.slug}"`);
    const sitemap = (await t.request({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain("https://band.example/releases</loc>");
    expect(sitemap).toContain(`https://band.example/releases/${latest.slug}</loc>`);
  });
});

describe("E-mail me when it is out", () => {
  /** Asks, and confirms through the real link in the real mail. */
  async function confirmed(id: number, email: string) {
    expect((await t.request({ method: "POST", url: releasesApi.notify(id), payload: { email } })).json().message).toMatch(/check your email/);
    const link = new URL(linkIn(await mailTo(email, "Confirm: tell me"), releasesApi.notifyConfirmPage));
    const page = await t.request({ method: "GET", url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("the minute");
  }

  it("a confirmed address gets exactly one mail at releaseAt, an unconfirmed one none, whatever the rounds", async () => {
    const r = await addRelease({ title: "Told Once", releaseAt: inMs(60 * 60_000) });
    await confirmed(r.id, "sure@example.com");
    expect((await t.request({ method: "POST", url: releasesApi.notify(r.id), payload: { email: "maybe@example.com" } })).statusCode).toBe(200);
    await mailTo("maybe@example.com", "Confirm: tell me");

    // the band's chat wants release.published (issue 26): raised once, when it is out
    const [endpoint] = await t.app.db.insert(webhookEndpoints).values({ url: "https://chat.example/hook", events: ["release.published"], secret: "whsec_test" }).returning();
    // (other releases of this file, out already, are announced at the first round too)
    const published = async () =>
      (await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).filter((d) => d.eventType === "release.published" && JSON.parse(d.body).data.id === r.id);

    const at = new Date(r.releaseAt);
    expect(await releaseOutRound(t.app, { now: () => new Date(at.getTime() - 1000) })).toEqual({ sent: 0, more: false });
    expect(await published()).toHaveLength(0);
    // rounds at once (as instances do): the claim lets one send
    const rounds = await Promise.all([1, 2, 3].map(() => releaseOutRound(t.app, { now: () => at })));
    expect(rounds.reduce((n, x) => n + x.sent, 0)).toBe(1);
    const events = await published();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].body)).toMatchObject({ type: "release.published", data: { id: r.id, title: "Told Once", url: "https://band.example/releases/told-once" } });
    const out = await mailTo("sure@example.com", "Out now: Told Once");
    expect(out.decoded).toContain(`https://band.example/go/release/${r.id}/spotify`);
    expect(out.decoded).toContain("https://band.example/releases/told-once");
    // a later round, or one after a restart (a new loop reads the same claims), sends nothing more
    expect((await releaseOutRound(t.app, { now: () => new Date(at.getTime() + 60_000) })).sent).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more arrives in the next moments
    expect(mailsTo("sure@example.com", "Out now")).toHaveLength(1);
    expect(mailsTo("maybe@example.com", "Out now")).toHaveLength(0);
    expect(await published()).toHaveLength(1);
    // the admin sees who was told
    expect((await t.request({ method: "GET", url: releasesApi.adminItem(r.id), headers })).json().data).toMatchObject({ notifyConfirmed: 1, notified: 1 });
    // the address asked for this release only: not on the mailing list
    expect(await t.app.db.select().from(subscribers).where(eq(subscribers.email, "sure@example.com"))).toEqual([]);
  });

  it("the server's loop sends at releaseAt itself, not at its next minute's poll", async () => {
    const r = await addRelease({ title: "On The Dot", releaseAt: inMs(3_000) });
    await confirmed(r.id, "dot@example.com");
    const worker = releaseOutWorker(t.app, { pollMs: 60_000 });
    worker.start();
    try {
      const mail = await mailTo("dot@example.com", "Out now: On The Dot");
      expect(mail).toBeDefined();
      // not before its time (the SMTP sink's clock is this process's)
      expect(Date.now()).toBeGreaterThanOrEqual(new Date(r.releaseAt).getTime());
    } finally {
      await worker.stop();
    }
    expect(mailsTo("dot@example.com", "Out now")).toHaveLength(1);
  });

  it("the same answer for every address, the honeypot, a confirmed address never mailed twice, and 404 for a draft", async () => {
    const r = await addRelease({ title: "Same Answer", releaseAt: inMs(60 * 60_000) });
    const a = await t.request({ method: "POST", url: releasesApi.notify(r.id), payload: { email: "one@example.com" } });
    const b = await t.request({ method: "POST", url: releasesApi.notify(r.id), payload: { email: "one@example.com" } });
    const bot = await t.request({ method: "POST", url: releasesApi.notify(r.id), payload: { email: "bot@example.com", website: "spam" } });
    expect([a.body, b.body, bot.body].every((x) => x === a.body)).toBe(true);
    await mailTo("one@example.com", "Confirm: tell me");
    expect(mailsTo("one@example.com", "Confirm")).toHaveLength(1);
    expect(mailsTo("bot@example.com", "Confirm")).toHaveLength(0);
    expect((await t.request({ method: "POST", url: releasesApi.notify(r.id), payload: { email: "not-an-address" } })).statusCode).toBe(400);
    const draft = await addRelease({ title: "Draft Notify", published: false });
    expect((await t.request({ method: "POST", url: releasesApi.notify(draft.id), payload: { email: "x@example.com" } })).statusCode).toBe(404);
    const bad = await t.request({ method: "GET", url: `${releasesApi.notifyConfirmPage}?token=nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("not valid");
  });

  it("posted without JavaScript: the answer is drawn on the release's page, errors included", async () => {
    const r = await addRelease({ title: "No Script", releaseAt: inMs(60 * 60_000) });
    const post = (form: string) => t.request({ method: "POST", url: releasesApi.notify(r.id), headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, payload: form });
    const refused = await post(`page=%2Freleases%2Fno-script&email=nope&website=`);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain("Please enter a valid email address");
    expect(refused.body).toContain('data-testid="countdown"');
    const ok = await post(`page=%2Freleases%2Fno-script&email=noscript%40example.com&website=`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("check your email and open the link to confirm");
    await mailTo("noscript@example.com", "Confirm: tell me");
  });

  it.runIf(ON_PG)("two instances at releaseAt, and a restart: each confirmed address gets one mail", async () => {
    const r = await addRelease({ title: "Two Instances", releaseAt: inMs(60 * 60_000) });
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await confirmed(r.id, email);
    const at = new Date(r.releaseAt);
    const other = await secondInstance(t, { SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 });
    try {
      const rounds = await Promise.all([releaseOutRound(t.app, { now: () => at, batchSize: 2 }), releaseOutRound(other.app, { now: () => at, batchSize: 2 }), releaseOutRound(other.app, { now: () => at, batchSize: 2 })]);
      const more = await releaseOutRound(t.app, { now: () => at });
      expect(rounds.reduce((n, x) => n + x.sent, 0) + more.sent).toBe(3);
    } finally {
      await other.close();
    }
    // a restart: a new instance on the same database finds nothing left to send
    const restarted = await secondInstance(t, { SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 });
    try {
      expect((await releaseOutRound(restarted.app, { now: () => new Date(at.getTime() + 5 * 60_000) })).sent).toBe(0);
    } finally {
      await restarted.close();
    }
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) expect(mailsTo(email, "Out now: Two Instances")).toHaveLength(1);
  });

  it.runIf(ON_PG)("an address confirmed before a restart is told by the instance running at releaseAt", async () => {
    const r = await addRelease({ title: "After Restart", releaseAt: inMs(60 * 60_000) });
    await confirmed(r.id, "patient@example.com");
    const next = await secondInstance(t, { SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", MAIL_RATE_PER_SECOND: 1000 });
    try {
      expect((await releaseOutRound(next.app, { now: () => new Date(r.releaseAt) })).sent).toBe(1);
    } finally {
      await next.close();
    }
    expect(mailsTo("patient@example.com", "Out now: After Restart")).toHaveLength(1);
    const [row] = await t.app.db.select().from(releaseNotifies).where(eq(releaseNotifies.email, "patient@example.com"));
    expect(row.notifiedAt).not.toBeNull();
  });
});

describe("the free download for the list", () => {
  const BYTES = Buffer.from("ID3 not really an mp3, but bytes all the same");

  async function downloadRelease() {
    fs.mkdirSync(path.join(t.app.config.uploadsDir, "audio"), { recursive: true });
    fs.writeFileSync(path.join(t.app.config.uploadsDir, "audio", "gift.mp3"), BYTES);
    const [track] = await t.app.db.insert(audioTracks).values({ title: "Gift Song", artist: "The Band", audioUrl: "/uploads/audio/gift.mp3", duration: "100" }).returning();
    return addRelease({ title: `Free One ${track.id}`, trackIds: [track.id], downloadTrackId: track.id, releaseAt: inMs(-60_000) });
  }

  /** Asks, opens the confirmation link; answers the personal link from the page and the one from the mail. */
  async function personalLink(id: number, email: string) {
    expect((await t.request({ method: "POST", url: releasesApi.download(id), payload: { email } })).statusCode).toBe(200);
    const confirm = new URL(linkIn(await mailTo(email, "Your free download: confirm"), releasesApi.downloadConfirmPage));
    const page = await t.request({ method: "GET", url: confirm.pathname + confirm.search });
    expect(page.statusCode).toBe(200);
    const onPage = /href="(\/download\/[A-Za-z0-9_-]+)"/.exec(page.body)?.[1];
    const mailed = new URL(linkIn(await mailTo(email, "Your download:"), "/download/"));
    expect(onPage).toBe(mailed.pathname);
    return mailed.pathname;
  }

  it("works 5 times and not a sixth, serves the file with its name, and counts the fan it brought to the list", async () => {
    const r = await downloadRelease();
    const link = await personalLink(r.id, "gift@example.com");
    for (let i = 0; i < 5; i++) {
      const res = await t.request({ method: "GET", url: link });
      expect(res.statusCode, `download ${i + 1}`).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="The Band - Gift Song.mp3"; filename*=UTF-8''The%20Band%20-%20Gift%20Song.mp3`);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const sixth = await t.request({ method: "GET", url: link });
    expect(sixth.statusCode).toBe(410);
    expect(sixth.body).toContain("used 5 times");
    // a HEAD takes nothing; an unknown link is a 404 page
    expect((await t.request({ method: "GET", url: `/download/${"x".repeat(43)}` })).statusCode).toBe(404);
    // on the list, confirmed, and counted as brought by the release
    const [fan] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, "gift@example.com"));
    expect(fan).toMatchObject({ isVerified: true, isSubscribed: true, releasesInterest: true, consentSource: "download" });
    expect((await t.request({ method: "GET", url: releasesApi.adminItem(r.id), headers })).json().data).toMatchObject({ downloadFans: 1, downloads: 5, joinedList: 1 });
    // the confirmation link opened again gives no second link
    expect(mailsTo("gift@example.com", "Your download:")).toHaveLength(1);
  });

  it("does not work after 7 days (fake clock), and a fan already on the list is not counted as brought", async () => {
    const r = await downloadRelease();
    await t.app.db.insert(subscribers).values({ email: "already@example.com", isVerified: true, isSubscribed: true });
    const link = await personalLink(r.id, "already@example.com");
    expect((await t.request({ method: "GET", url: link })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 86_400_000 + 60_000 });
    try {
      const late = await t.request({ method: "GET", url: link });
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain("expired");
    } finally {
      vi.useRealTimers();
    }
    expect((await t.request({ method: "GET", url: releasesApi.adminItem(r.id), headers })).json().data).toMatchObject({ downloadFans: 1, downloads: 1, joinedList: 0 });
  });

  it("404 for a release without a free download", async () => {
    const r = await addRelease({ title: "Nothing Free" });
    expect((await t.request({ method: "POST", url: releasesApi.download(r.id), payload: { email: "x@example.com" } })).statusCode).toBe(404);
  });
});
