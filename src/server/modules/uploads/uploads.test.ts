import fs from "node:fs";
import path from "node:path";
import fsp from "node:fs/promises";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaFiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { encodeImageVariants, inspectImage } from "../../storage/image-encoding";
import { imageWorkerState } from "../../storage/image-worker-client";
import { phonePhoto } from "../../../../tests/support/photos";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A real 2x2 PNG: photos are decoded now (for their WebP/AVIF variants), so the bytes must be an image.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.alloc(64)]);

type Part = { field: string; value: string } | { file: { name: string; type: string; data: Buffer }; field?: string };

/** A multipart body by hand, as a browser's FormData would send it (or not quite, for the odd cases). */
function multipartParts(parts: Part[], boundary = "----bandsite" + Math.random().toString(16).slice(2)) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("file" in part) {
      const { name, type, data } = part.file;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? "file"}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), data, Buffer.from("\r\n"));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  return multipartParts([...Object.entries(fields).map(([field, value]) => ({ field, value })), { file }]);
}

async function upload(url: string, file: { name: string; type: string; data: Buffer }, fields?: Record<string, string>) {
  const body = multipart(file, fields);
  return t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
}

/** Every file under the uploads folder, temporary ones included. */
function filesOnDisk(): string[] {
  const dir = t.app.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function mediaRows(): Promise<number> {
  const rows = await t.database.db.select({ n: count() }).from(mediaFiles);
  return rows[0].n;
}

const storedText = (filePath: string) => fs.readFileSync(path.join(t.app.config.uploadsDir, filePath.replace(/^\/uploads\//, "")), "utf8");

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

describe("uploads: odd file names and odd forms", () => {
  it("accepts a file name with NUL, bidi and control characters, storing it cleaned", async () => {
    const res = await upload("/api/upload/merchandise", { name: "shirt\u0000\u202Egnp\u0007.png", type: "image/png", data: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.originalName).toBe("shirtgnp.png");
  });

  it("falls back to 'upload' for a name with nothing left", async () => {
    const res = await upload("/api/upload/merchandise", { name: "\u0000\u200B", type: "image/png", data: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.originalName).toBe("upload");
  });

  const png = { name: "a.png", type: "image/png", data: PNG };
  const odd: [string, number, string, string, () => ReturnType<typeof multipartParts>][] = [
    ["only fields, no file", 400, "No file uploaded", "/api/upload/merchandise", () => multipartParts([{ field: "fileType", value: "image" }])],
    ["two files", 400, "Send one file per upload", "/api/upload/merchandise", () => multipartParts([{ file: png }, { file: png, field: "other" }])],
    ["a bad fileType field", 400, "fileType must be audio, image or pdf", "/api/upload/media", () => multipartParts([{ field: "fileType", value: "video" }, { file: png }])],
    ["a fileType field sent as a file", 400, "fileType must be audio, image or pdf", "/api/upload/media", () => multipartParts([{ file: png, field: "fileType" }])],
    ["a __proto__ field", 400, "Could not read the upload", "/api/upload/merchandise", () => multipartParts([{ field: "__proto__", value: "x" }, { file: png }])],
    ["eleven fields", 400, "Too many form fields", "/api/upload/merchandise", () => multipartParts([...Array.from({ length: 11 }, (_, i) => ({ field: `f${i}`, value: "x" })), { file: png }])],
    ["an empty file", 400, "The uploaded file is empty", "/api/upload/merchandise", () => multipartParts([{ file: { ...png, data: Buffer.alloc(0) } }])],
    [
      "a body cut short in the file",
      400,
      "Could not read the upload",
      "/api/upload/merchandise",
      () => {
        const body = multipartParts([{ file: { ...png, data: Buffer.concat([PNG, PNG]) } }]);
        return { ...body, payload: body.payload.subarray(0, body.payload.length - 40) };
      },
    ],
    [
      "a boundary that never appears",
      400,
      "Could not read the upload",
      "/api/upload/merchandise",
      () => ({ ...multipartParts([{ file: png }]), headers: { "content-type": "multipart/form-data; boundary=nothere" } }),
    ],
    ["no boundary at all", 400, "Could not read the upload", "/api/upload/merchandise", () => ({ ...multipartParts([{ file: png }]), headers: { "content-type": "multipart/form-data" } })],
  ];
  it.each(odd)("answers %s with %i and the JSON envelope", async (_label, status, message, url, build) => {
    const body = build();
    const res = await t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, message });
  });
});

describe("uploads: a failed upload leaves nothing behind", () => {
  it("keeps the uploads folder and the media table unchanged through failed uploads", async () => {
    const filesBefore = filesOnDisk();
    const rowsBefore = await mediaRows();
    expect(filesBefore.length).toBeGreaterThan(0); // earlier tests stored files: the count means something

    const failures = [
      await upload("/api/upload/merchandise", { name: "x\u0000.png", type: "image/png", data: Buffer.from("not an image at all") }),
      await upload("/api/upload/media?fileType=audio", { name: "a.png", type: "image/png", data: PNG }),
      await upload("/api/upload/merchandise", { name: "big.png", type: "image/png", data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }),
      await upload("/api/upload/merchandise", { name: "empty.png", type: "image/png", data: Buffer.alloc(0) }),
      await upload("/api/upload/media?fileType=image", { name: "x.svg", type: "image/svg+xml", data: Buffer.from("<svg><script>alert(1)</script></svg>") }),
    ];
    expect(failures.map((r) => r.statusCode)).toEqual([415, 415, 413, 400, 415]);

    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it("removes the written file when the database refuses the row", async () => {
    const filesBefore = filesOnDisk();
    // an honest insert failure: the table is not there for a moment
    await t.database.db.execute(sql`ALTER TABLE media_files RENAME TO media_files_away`);
    let res;
    try {
      res = await upload("/api/upload/merchandise", { name: "x.png", type: "image/png", data: PNG });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE media_files_away RENAME TO media_files`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: "Internal server error" });
    expect(filesOnDisk()).toEqual(filesBefore);
  });

  it("removes the file and the row when moving the file into place fails", async () => {
    const filesBefore = filesOnDisk();
    const rowsBefore = await mediaRows();
    // the original's own move fails (its variants, moved into place before it, are removed too)
    const realRename = fsp.rename;
    const original = /[0-9a-f]{32}\.png$/;
    const rename = vi.spyOn(fsp, "rename").mockImplementation(async (from, to) => {
      if (original.test(String(to))) throw Object.assign(new Error("simulated"), { code: "EIO" });
      return realRename(from, to);
    });
    try {
      const res = await upload("/api/upload/merchandise", { name: "x.png", type: "image/png", data: PNG });
      expect(res.statusCode).toBe(500);
      expect(rename.mock.calls.filter(([, to]) => original.test(String(to)))).toHaveLength(1);
    } finally {
      rename.mockRestore();
    }
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it("removes the variants written so far when writing one fails", async () => {
    // the encoding itself (run by the image worker process, so called directly here to reach its fs)
    const dir = fs.mkdtempSync(path.join(t.app.config.uploadsDir, "..", "variants-"));
    const realWrite = fsp.writeFile;
    let variantWrites = 0;
    // the second variant's temporary file cannot be written (a full disk)
    const write = vi.spyOn(fsp, "writeFile").mockImplementation(async (file, data, options) => {
      if (/\.tmp-/.test(String(file)) && ++variantWrites === 2) throw Object.assign(new Error("simulated"), { code: "ENOSPC" });
      return realWrite(file, data, options);
    });
    try {
      const photo = await phonePhoto();
      await expect(encodeImageVariants(photo, await inspectImage(photo), { dir, urlDir: "/uploads/images", stem: "x" })).rejects.toMatchObject({ code: "ENOSPC" });
      expect(variantWrites).toBe(2); // the first variant, then the failure
    } finally {
      write.mockRestore();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a photo whose image worker dies mid-way gets a 400 and leaves nothing; the next photo gets its variants", async () => {
    const filesBefore = filesOnDisk();
    const rowsBefore = await mediaRows();
    const photo = await phonePhoto();
    const answer = upload("/api/upload/merchandise", { name: "big.jpg", type: "image/jpeg", data: photo });
    // the worker has the photo in hand: kill it (a decoder crash, the OOM killer)
    await vi.waitFor(() => expect(imageWorkerState().pending).toBe(1), { timeout: 10_000, interval: 5 });
    process.kill(imageWorkerState().pid!, "SIGKILL");
    const res = await answer;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This image could not be read. Upload a PNG, JPG, GIF or WebP image.");
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);

    const next = await upload("/api/upload/merchandise", { name: "ok.png", type: "image/png", data: PNG });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.variants.map((v: { format: string }) => v.format)).toEqual(["avif", "webp"]);
  });

  it("leaves no temporary file after a successful upload", async () => {
    const res = await upload("/api/upload/merchandise", { name: "ok.png", type: "image/png", data: PNG });
    expect(res.statusCode).toBe(200);
    expect(filesOnDisk().filter((f) => path.basename(f).startsWith("."))).toEqual([]);
  });
});

describe("uploads: SVG keeps only references inside itself", () => {
  const EVIL_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert('evil')">
  <?xml-stylesheet href="https://evil.example/s.css"?>
  <style>rect { fill: url(https://evil.example/a) }</style>
  <defs>
    <linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient>
    <pattern id="pat" href="other.svg?evil" width="1" height="1"/>
    <path id="a" d="M0 0h1v1z"/>
  </defs>
  <script>alert('evil')</script>
  <rect fill="url(https://evil.example/x)" stroke="url(//evil.example/x)" width="10" height="10"/>
  <g filter="url(https://evil.example/f#f)" mask="url(https://evil.example/m#m)" clip-path="url(https://evil.example/c#c)">
    <rect style="fill:url(https://evil.example/s)" width="5" height="5"/>
  </g>
  <use href="https://evil.example/u.svg#a"/>
  <a xlink:href="javascript:alert('evil')"><text>band</text></a>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">evil</div></foreignObject>
  <rect fill="url(#grad)" width="2" height="2"/>
  <use href="#a"/>
</svg>`;

  it("removes every external reference and script, keeps url(#id) and href=#id, and serves the clean file", async () => {
    const res = await upload("/api/upload/media?fileType=image", { name: "logo.svg", type: "image/svg+xml", data: Buffer.from(EVIL_SVG) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mimeType).toBe("image/svg+xml");
    const stored = storedText(res.json().data.filePath);
    expect(stored).not.toMatch(/evil|script|onload|javascript|foreignObject|other\.svg/i);
    expect(stored).toContain('fill="url(#grad)"');
    expect(stored).toContain('<use href="#a"/>');
    expect(stored).toContain('<pattern id="pat"');
    expect(res.json().data.fileSize).toBe(Buffer.byteLength(stored));

    const served = await t.request({ method: "GET", url: res.json().data.filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(served.body).not.toMatch(/evil/i);
  });

  it("refuses an SVG with nothing drawable left with 415", async () => {
    const res = await upload("/api/upload/media?fileType=image", { name: "x.svg", type: "image/svg+xml", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: "This SVG could not be accepted." });
  });
});

describe("DELETE /api/media/:id (files on disk)", () => {
  it("removes the row, the original and its variants; an unknown id is a 404, a bad one a 400; no session, 401", async () => {
    const res = await upload("/api/upload/media?fileType=image", { name: "gone.png", type: "image/png", data: PNG });
    expect(res.statusCode).toBe(200);
    const media = res.json().data as { id: number; filePath: string; variants: { path: string }[] };
    const files = [media.filePath, ...media.variants.map((v) => v.path)].map((p) => path.join(t.app.config.uploadsDir, p.replace(/^\/uploads\//, "")));
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(fs.existsSync(f)).toBe(true);
    const headers = await t.adminHeaders();
    expect((await t.request({ method: "DELETE", url: `/api/media/${media.id}` })).statusCode).toBe(401);
    const del = await t.request({ method: "DELETE", url: `/api/media/${media.id}`, headers });
    expect(del.statusCode, del.body).toBe(200);
    for (const f of files) expect(fs.existsSync(f)).toBe(false);
    expect((await t.request({ method: "GET", url: media.filePath })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/media/${media.id}`, headers })).json()).toEqual({ success: false, message: "File not found" });
    expect((await t.request({ method: "DELETE", url: "/api/media/abc", headers })).statusCode).toBe(400);
  });
});
