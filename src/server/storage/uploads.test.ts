import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.alloc(64)]);

/** A multipart body by hand, as a browser's FormData would send it. */
function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = "----bandsite" + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function upload(url: string, file: { name: string; type: string; data: Buffer }, fields?: Record<string, string>) {
  const body = multipart(file, fields);
  return t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
}

describe("uploads", () => {
  it("stores a merch image under a random name and serves it with nosniff", async () => {
    const res = await upload("/api/upload/merchandise", { name: "../../evil name.png", type: "image/png", data: PNG });
    expect(res.statusCode).toBe(200);
    const { data, ok, message } = res.json();
    expect(ok).toBe(true);
    expect(message).toBe("Upload Successful");
    expect(data.filePath).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
    expect(data.originalName).toBe("evil name.png");
    expect(fs.existsSync(path.join(t.dataDir, data.filePath.replace("/uploads/", "uploads/")))).toBe(true);
    const served = await t.request({ method: "GET", url: data.filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("judges the type by its bytes, not its name: a script named .png is refused with 415", async () => {
    const res = await upload("/api/upload/merchandise", { name: "x.png", type: "image/png", data: Buffer.from("<script>alert(1)</script>") });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported file type/);
  });

  it("refuses a merch image over 5 MB with 413", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload("/api/upload/merchandise", { name: "big.png", type: "image/png", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("File is too large (max 5MB)");
  });

  it("accepts audio through the media endpoint and lists it", async () => {
    const res = await upload("/api/upload/media?fileType=audio", { name: "song.wav", type: "audio/wav", data: WAV });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fileType: "audio", mimeType: "audio/wav", originalName: "song.wav" });
    const list = await t.request({ method: "GET", url: "/api/media", headers: await t.adminHeaders() });
    expect(list.json().data.some((m: { filePath: string }) => m.filePath === res.json().data.filePath)).toBe(true);
  });

  it("refuses an image sent as audio, and cover art over 2 MB", async () => {
    const wrong = await upload("/api/upload/media?fileType=audio", { name: "a.png", type: "image/png", data: PNG });
    expect(wrong.statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const cover = await upload("/api/upload/media?fileType=image&purpose=cover-art", { name: "c.png", type: "image/png", data: big });
    expect(cover.statusCode).toBe(413);
    expect(cover.json().message).toBe("File is too large (max 2MB)");
  });

  it("strips scripts and handlers from an SVG", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="red"/></svg>');
    const res = await upload("/api/upload/media?fileType=image", { name: "logo.svg", type: "image/svg+xml", data: svg });
    expect(res.statusCode).toBe(200);
    const stored = fs.readFileSync(path.join(t.dataDir, res.json().data.filePath.replace("/uploads/", "uploads/")), "utf8");
    expect(stored).toContain("<rect");
    expect(stored).not.toMatch(/script|onload/);
  });

  it("needs an admin session", async () => {
    const body = multipart({ name: "x.png", type: "image/png", data: PNG });
    const res = await t.request({ method: "POST", url: "/api/upload/merchandise", ...body });
    expect(res.statusCode).toBe(401);
  });

  it("answers a request without a file with 400", async () => {
    const res = await t.request({ method: "POST", url: "/api/upload/media?fileType=image", headers: await t.adminHeaders(), payload: { nope: 1 } });
    expect(res.statusCode).toBe(400);
  });
});
