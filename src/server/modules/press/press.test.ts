import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { activityLog, pressLinks } from "../../db/schema";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession } from "../../test/crud-checks";
import { multipartFile } from "../../test/multipart";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** a WAV with recognisable bytes, so a streamed range can be checked byte for byte */
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.from(Array.from({ length: 200 }, (_, i) => i % 256))]);

const upload = async (query: string, data: Buffer, name: string) => {
  const body = multipartFile(data, { name });
  return t.request({ method: "POST", url: `/api/upload/media?${query}`, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const json = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => t.request({ method, url, headers, ...(payload !== undefined ? { payload: payload as never } : {}) });
const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const page = (token: string, method: "GET" | "HEAD" = "GET") => t.request({ method, url: `/press/link?token=${encodeURIComponent(token)}` });

async function makeTrack(title: string, unreleased: boolean) {
  const up = await upload("fileType=audio", WAV, `${title}.wav`);
  expect(up.statusCode).toBe(200);
  const res = await json("POST", "/api/audio-tracks", { title, artist: "Tar River Static", audioUrl: up.json().data.filePath, duration: 1, isFeatured: true, unreleased });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; audioUrl: string; unreleased: boolean };
}

async function makeLink(body: Record<string, unknown>) {
  const res = await json("POST", "/api/admin/press-links", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; url: string };
}

const listed = async (id: number) => ((await json("GET", "/api/admin/press-links")).json().data as Array<Record<string, any>>).find((l) => l.id === id)!;

describe("admin routes", () => {
  it("refuse visitors, and check the link's id", async () => {
    await expectRefusedWithoutSession(t, [
      { method: "GET", url: "/api/admin/press-kit" },
      { method: "PUT", url: "/api/admin/press-kit", payload: {} },
      { method: "GET", url: "/api/admin/press-links" },
      { method: "POST", url: "/api/admin/press-links", payload: { recipient: "x", expiresAt: inHours(1) } },
      { method: "DELETE", url: "/api/admin/press-links/1" },
    ]);
    await expectIdChecks(t, [{ method: "DELETE", url: "/api/admin/press-links/:id" }]);
  });
});

describe("PDF uploads", () => {
  it("takes a real PDF, kept under documents and served as a download", async () => {
    const res = await upload("fileType=pdf", PDF, "Stage plot 2026.pdf");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fileType: "pdf", mimeType: "application/pdf", originalName: "Stage plot 2026.pdf", filePath: expect.stringMatching(/^\/uploads\/documents\/[0-9a-f]{32}\.pdf$/) });
    const file = await t.request({ method: "GET", url: res.json().data.filePath });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe("attachment");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it.each([
    ["a PNG named .pdf", PNG],
    ["text that only starts like a PDF", Buffer.from("%PDF-1.7\n<script>alert(1)</script> and no end marker, padding padding")],
    ["an HTML page", Buffer.from("<!doctype html><html><body>hello, not a pdf at all</body></html>")],
  ])("refuses %s (415), and leaves nothing behind", async (_what, data) => {
    const before = (await json("GET", "/api/media")).json().data.length;
    const res = await upload("fileType=pdf", data, "rider.pdf");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Unsupported file type. Upload a PDF file.");
    expect((await json("GET", "/api/media")).json().data.length).toBe(before);
  });

  it("does not take a PDF as an image or as audio", async () => {
    expect((await upload("fileType=image", PDF, "x.pdf")).statusCode).toBe(415);
    expect((await upload("fileType=audio", PDF, "x.pdf")).statusCode).toBe(415);
  });
});

describe("the press kit", () => {
  it("is saved whole, shown on /press, and switched off it is a 404 and out of the sitemap", async () => {
    const photo = (await upload("fileType=image", PNG, "live-at-the-pour-house.png")).json().data.filePath;
    const rider = (await upload("fileType=pdf", PDF, "rider.pdf")).json().data.filePath;
    const kit = {
      isPublic: true,
      shortBio: "Four friends from Harkers Island playing loud porch rock.",
      longBio: "Longer story.\nWith two lines.",
      photos: [{ url: photo, credit: "Jo Lens", caption: "Live at The Pour House" }],
      logos: [{ url: photo, label: "Wordmark" }],
      quotes: [{ quote: "A band that sounds like a storm coming in.", source: "Coastal Weekly", sourceUrl: "https://example.com/review" }],
      techRiderUrl: rider,
      bookingName: "Sam Booker",
      bookingEmail: "Booking@Example.com",
      pressEmail: "press@example.com",
    };
    const saved = await json("PUT", "/api/admin/press-kit", kit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ bookingEmail: "booking@example.com", stagePlotUrl: "", techRiderUrl: rider });

    const pub = await t.request({ method: "GET", url: "/api/press" });
    expect(pub.json().data).toMatchObject({ shortBio: kit.shortBio, photos: [{ url: photo, credit: "Jo Lens", fileName: "live-at-the-pour-house.png" }], latestRelease: null });
    const html = await t.request({ method: "GET", url: "/press" });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain("Press Kit |");
    expect(html.body).toContain("Four friends from Harkers Island");
    expect((await t.request({ method: "GET", url: "/sitemap.xml" })).body).toContain("/press</loc>");

    const [entry] = await t.database.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(entry.description).toMatch(/^changed the press kit: .*short bio/);

    expect((await json("PUT", "/api/admin/press-kit", { ...kit, isPublic: false })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/press" })).json().data).toBeNull();
    expect((await t.request({ method: "GET", url: "/press" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/sitemap.xml" })).body).not.toContain("/press</loc>");
    expect((await json("PUT", "/api/admin/press-kit", kit)).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/press" })).statusCode).toBe(200);
  });

  it("names only the band's own uploads: a photo never uploaded, an image given as the rider, are 400", async () => {
    const photo = (await upload("fileType=image", PNG, "p.png")).json().data.filePath;
    const missing = await json("PUT", "/api/admin/press-kit", { photos: [{ url: "/uploads/images/" + "a".repeat(32) + ".png", credit: "X" }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(["photos.0.url"]);
    const notPdf = await json("PUT", "/api/admin/press-kit", { stagePlotUrl: photo });
    expect(notPdf.statusCode).toBe(400);
    const noCredit = await json("PUT", "/api/admin/press-kit", { photos: [{ url: photo, credit: " " }] });
    expect(noCredit.statusCode).toBe(400);
    expect(noCredit.json().message).toMatch(/credit/i);
  });
});

describe("private press links", () => {
  it("answer { id, url }, count views (not a HEAD), and are never cached or indexed", async () => {
    const link = await makeLink({ recipient: "Dana at Coastal Weekly", expiresAt: inHours(48) });
    expect(link.url).toMatch(/^https?:\/\/[^/]+\/press\/link\?token=[\w-]{43}$/);
    expect(link.url).not.toMatch(/Dana|Coastal/);
    const token = tokenOf(link.url);
    expect(await listed(link.id)).toMatchObject({ recipient: "Dana at Coastal Weekly", views: 0, firstViewedAt: null, lastViewedAt: null, revoked: false, expired: false });

    for (let i = 0; i < 3; i++) {
      const res = await page(token);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-robots-tag"]).toMatch(/noindex/);
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain("Dana at Coastal Weekly");
    }
    expect((await page(token, "HEAD")).statusCode).toBe(200);
    const seen = await listed(link.id);
    expect(seen.views).toBe(3);
    expect(Date.parse(seen.firstViewedAt)).toBeLessThanOrEqual(Date.parse(seen.lastViewedAt));
    // the token is kept only as its hash
    const [row] = await t.database.db.select().from(pressLinks).where(eq(pressLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(token);
    // and the activity log never holds the link
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.resource, "press-links"));
    expect(entries.map((e) => e.description)).toContain(`made a private press link for Dana at Coastal Weekly, open until ${entries[0].description!.split("open until ")[1]}`);
    expect(JSON.stringify(entries)).not.toContain(token);
    // not in the sitemap
    expect((await t.request({ method: "GET", url: "/sitemap.xml" })).body).not.toContain("/press/link");
  });

  it("answer 410 with a polite page after a revoke, and an unknown token 404", async () => {
    const link = await makeLink({ recipient: "Lee (booking, The Pour House)", expiresAt: inHours(48) });
    const token = tokenOf(link.url);
    expect((await page(token)).statusCode).toBe(200);
    const revoked = await json("DELETE", `/api/admin/press-links/${link.id}`);
    expect(revoked.statusCode).toBe(200);
    const gone = await page(token);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers["cache-control"]).toBe("private, no-store");
    expect(gone.body).toContain("This press link has expired. Please ask the band for a new one.");
    expect(gone.body).not.toContain("Lee (booking");
    expect((await t.request({ method: "GET", url: `/api/press/link?token=${token}` })).statusCode).toBe(410);
    expect(await listed(link.id)).toMatchObject({ revoked: true, views: 1 });
    // the 410 page is no view
    expect((await page("not-a-real-token")).statusCode).toBe(404);
    expect((await page("")).statusCode).toBe(404);
  });

  it("answer 410 once past their expiry (fake clock)", async () => {
    const link = await makeLink({ recipient: "Label A&R", expiresAt: inHours(2) });
    const token = tokenOf(link.url);
    expect((await page(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * 3_600_000 });
    const gone = await page(token);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain("This press link has expired.");
    // the admin list says so too, at the same moment
    expect(await listed(link.id)).toMatchObject({ expired: true, revoked: false, views: 1 });
  });

  it("refuse a past expiry, an unknown track, and a recipient left empty", async () => {
    expect((await json("POST", "/api/admin/press-links", { recipient: "X", expiresAt: inHours(-1) })).statusCode).toBe(400);
    expect((await json("POST", "/api/admin/press-links", { recipient: "X", expiresAt: "2030-01-01 10:00" })).statusCode).toBe(400);
    expect((await json("POST", "/api/admin/press-links", { recipient: " ", expiresAt: inHours(1) })).statusCode).toBe(400);
    const unknown = await json("POST", "/api/admin/press-links", { recipient: "X", expiresAt: inHours(1), trackIds: [2147483000] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^trackIds: /);
  });

  it("stream an unreleased track only through the link: never from /uploads, never without the token, with Range for seeking", async () => {
    const secret = await makeTrack("Undertow (unreleased)", true);
    const released = await makeTrack("Porch Light", false);
    expect(secret.unreleased).toBe(true);
    // the file itself is not served, under any spelling of its path
    const name = secret.audioUrl.split("/").pop()!;
    for (const url of [secret.audioUrl, secret.audioUrl.replace("/audio/", "//audio/"), `/uploads/audio/${encodeURIComponent(name).replace("a", "%61")}`, `/uploads/audio%2F${name}`, `/uploads/x/../audio/${name}`]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(WAV.subarray(20, 60))).toBe(false);
    }
    // a released track's file still is; the player lists only it, though both are starred
    expect((await t.request({ method: "GET", url: released.audioUrl })).statusCode).toBe(200);
    const player = (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data.map((tr: { id: number }) => tr.id);
    expect(player).toContain(released.id);
    expect(player).not.toContain(secret.id);

    const link = await makeLink({ recipient: "Dana", expiresAt: inHours(24), trackIds: [secret.id] });
    const token = tokenOf(link.url);
    const stream = (trackId: number, tok?: string, range?: string) =>
      t.request({ method: "GET", url: `/api/press/stream/${trackId}${tok === undefined ? "" : `?token=${encodeURIComponent(tok)}`}`, headers: range ? { range } : {} });
    // without the link, with another link, for a track not on it
    expect((await stream(secret.id)).statusCode).toBe(400);
    expect((await stream(secret.id, "forged-token")).statusCode).toBe(404);
    const other = tokenOf((await makeLink({ recipient: "Someone else", expiresAt: inHours(24) })).url);
    expect((await stream(secret.id, other)).statusCode).toBe(404);
    expect((await stream(released.id, token)).statusCode).toBe(404);

    const whole = await stream(secret.id, token);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(WAV)).toBe(true);
    expect(whole.headers).toMatchObject({ "content-type": "audio/wav", "accept-ranges": "bytes", "content-disposition": "inline", "cache-control": "private, no-store" });
    const part = await stream(secret.id, token, "bytes=100-109");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-109/${WAV.length}`);
    expect(part.rawPayload.equals(WAV.subarray(100, 110))).toBe(true);
    expect((await stream(secret.id, token, `bytes=${WAV.length + 5}-`)).statusCode).toBe(416);

    // the page lists it with its stream URL, never its file
    const html = (await page(token)).body;
    expect(html).toContain("Undertow (unreleased)");
    expect(html).not.toContain(name);
    // what was played: the whole request counted, the seek not
    expect((await listed(link.id)).tracks).toEqual([{ id: secret.id, title: "Undertow (unreleased)", plays: 1, lastPlayedAt: expect.any(String) }]);

    await json("DELETE", `/api/admin/press-links/${link.id}`);
    expect((await stream(secret.id, token)).statusCode).toBe(410);
  });
});
