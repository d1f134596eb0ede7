import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAND_PHOTO_SIZES } from "@shared/responsive-images";
import { createTestApp, type TestApp } from "../../test/app";
import { multipartFile } from "../../test/multipart";
import { phonePhoto } from "../../../../tests/support/photos";

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  // 1600 px wide: every variant width, and small enough to be quick
  [t, photo] = await Promise.all([createTestApp(), phonePhoto({ width: 1600, height: 1067 })]);
});
afterAll(() => t.close());

interface Variant {
  width: number;
  height: number;
  format: "avif" | "webp" | "jpeg";
  path: string;
}

async function upload(url: string, data: Buffer, name = "band.jpg", type = "image/jpeg") {
  const body = multipartFile(data, { name, type });
  const res = await t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { filePath: string; width: number; height: number; variants: (Variant & { size: number })[] };
}

const put = async (payload: Record<string, unknown>) => t.request({ method: "PUT", url: "/api/band-photo", headers: await t.adminHeaders(), payload });
const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const meta = (html: string, name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
const inlined = (html: string) => JSON.parse(/<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(html)![1]!).queries;

describe("the band photo (issue 21)", () => {
  let uploaded: Awaited<ReturnType<typeof upload>>;

  it("an upload for the band photo also gets one JPEG at the largest width, its share image; other uploads do not", async () => {
    uploaded = await upload("/api/upload/media?fileType=image&purpose=band-photo", photo);
    const jpegs = uploaded.variants.filter((v) => v.format === "jpeg");
    expect(jpegs).toEqual([expect.objectContaining({ width: 1280, height: 854, path: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.[0-9a-f]{16}\.1280w\.jpg$/) })]);
    // small enough for the link previews that refuse large images
    expect(jpegs[0]!.size).toBeLessThan(300 * 1024);
    const served = await t.request({ method: "GET", url: jpegs[0]!.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("jpeg");
    // the AVIF and WebP variants are the usual ones
    expect(uploaded.variants.filter((v) => v.format !== "jpeg")).toHaveLength(8);

    const plain = await upload("/api/upload/media?fileType=image", photo);
    expect(plain.variants.some((v) => v.format === "jpeg")).toBe(false);
  });

  it("is absent at first: the API answers null and the pages keep the stock share image", async () => {
    expect((await t.request({ method: "GET", url: "/api/band-photo" })).json()).toEqual({ success: true, data: null });
    const home = (await t.request({ method: "GET", url: "/" })).body;
    expect(meta(home, "og:image")).toBe(`${t.app.config.PUBLIC_URL}/images/og-image.jpg`);
    expect(meta(home, "og:image:width")).toBe("1200");
    expect(inlined(home)["/api/band-photo"]).toBeNull();
    expect(head(home)).not.toContain(`imagesizes="${BAND_PHOTO_SIZES}"`);
  });

  it("once set, the home page carries it: inlined data, a preload of its AVIF as the header offers it, og:image and twitter:image its JPEG", async () => {
    // the pages were cached above: saving the photo must redraw them
    const res = await put({ imageUrl: uploaded.filePath, altText: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Band photo saved");
    const image = { width: 1600, height: 1067, variants: uploaded.variants.map(({ size: _size, ...v }) => v) };
    expect(res.json().data).toEqual({ imageUrl: uploaded.filePath, altText: "", image });
    expect((await t.request({ method: "GET", url: "/api/band-photo" })).json().data).toEqual({ imageUrl: uploaded.filePath, altText: "", image });

    const home = (await t.request({ method: "GET", url: "/" })).body;
    const jpeg = uploaded.variants.find((v) => v.format === "jpeg")!;
    const share = `${t.app.config.PUBLIC_URL}${jpeg.path}`;
    expect(meta(home, "og:image")).toBe(share);
    expect(meta(home, "twitter:image")).toBe(share);
    expect(meta(home, "og:image:width")).toBe("1280");
    expect(meta(home, "og:image:height")).toBe("854");
    expect(inlined(home)["/api/band-photo"]).toEqual({ imageUrl: uploaded.filePath, altText: "", image });
    const avif = uploaded.variants.filter((v) => v.format === "avif").sort((a, b) => a.width - b.width);
    expect(head(home)).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${avif.map((v) => `${v.path} ${v.width}w`).join(", ")}" imagesizes="${BAND_PHOTO_SIZES}" fetchpriority="high" />`,
    );
    // the band photo is the header's largest paint now: the cover is not preloaded beside it
    expect(head(home).match(/rel="preload" as="image"|as="image" fetchpriority/g)).toHaveLength(1);
    // the structured data names it too, and the other pages share it
    expect(home).toContain(`"image":"${share}"`);
    expect(meta((await t.request({ method: "GET", url: "/shows" })).body, "og:image")).toBe(share);
  });

  it("keeps the alt text the band gives it, trimmed", async () => {
    const res = await put({ imageUrl: uploaded.filePath, altText: "  The four of us outside the Tipsy Teapot  " });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/band-photo" })).json().data.altText).toBe("The four of us outside the Tipsy Teapot");
  });

  it("refuses what is not an uploaded photo, naming the field, and keeps the one it has", async () => {
    const svg = await upload("/api/upload/media?fileType=image", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), "logo.svg");
    for (const imageUrl of ["https://example.com/band.jpg", `/uploads/images/${"a".repeat(32)}.jpg`, svg.filePath, "/uploads/images/../../etc/passwd", ""]) {
      const res = await put({ imageUrl, altText: "" });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().errors.imageUrl).toMatch(/^Upload a photo first/);
    }
    const tooLong = await put({ imageUrl: uploaded.filePath, altText: "x".repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.altText).toBe("Alt text is too long (200 characters at most)");
    expect((await put({ imageUrl: uploaded.filePath, altText: "a\u0000b" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/band-photo" })).json().data.imageUrl).toBe(uploaded.filePath);
  });

  it("is for admins only to change", async () => {
    expect((await t.request({ method: "PUT", url: "/api/band-photo", payload: { imageUrl: uploaded.filePath } })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: "/api/band-photo" })).statusCode).toBe(401);
  });

  it("removed, the pages fall back to the stock share image and the cover preload", async () => {
    const res = await t.request({ method: "DELETE", url: "/api/band-photo", headers: await t.adminHeaders() });
    expect(res.json()).toEqual({ success: true, message: "Band photo removed" });
    expect((await t.request({ method: "GET", url: "/api/band-photo" })).json().data).toBeNull();
    const home = (await t.request({ method: "GET", url: "/" })).body;
    expect(meta(home, "og:image")).toBe(`${t.app.config.PUBLIC_URL}/images/og-image.jpg`);
    expect(inlined(home)["/api/band-photo"]).toBeNull();
    expect(head(home)).not.toContain(`imagesizes="${BAND_PHOTO_SIZES}"`);
    // no featured track here: the player's stock cover is the preload again, as before the photo
    expect(head(home)).toContain(`<link rel="preload" href="/images/default-cover.svg" as="image" fetchpriority="high" />`);
    expect((await t.request({ method: "DELETE", url: "/api/band-photo", headers: await t.adminHeaders() })).json().message).toBe("There was no band photo to remove");
  });
});
