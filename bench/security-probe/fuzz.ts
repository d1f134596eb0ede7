/**
 * The fuzz cases: every write route, and every read route that takes a query string or a path
 * parameter, under hostile input. The route list is written out from
 * src/server/modules/{star}/routes.ts, admin-routes.ts, public-routes.ts (uploads: src/server/modules/uploads/routes.ts)
 * (the probe checks it against what the server really serves: an unknown route answers 404).
 *
 * Every string sent carries the run's marker `mk`, so the log scan can find any value of ours
 * that got into the log.
 */
import { TEMPLATE_DIMENSIONS } from "../../src/shared/categories";
import type { Request } from "./http";

export interface Case {
  /** "POST /api/shows": the route pattern, for the histogram */
  route: string;
  /** what this case sends, short, for the report of a bad answer */
  label: string;
  req: Request;
  upload?: boolean;
}

export interface FuzzContext {
  mk: string;
  auth: Record<string, string>;
  /** a fresh loopback source address: public rate-limited routes get one per request */
  nextAddress: () => string;
  /** a user the probe created, so user routes never touch the primary admin */
  userId: number;
}

/** Routes skipped on purpose: they end the probe's own session. */
export const SKIPPED = ["POST /api/admin/logout", "POST /api/refresh-token"];

const HUGE = 300 * 1024;

interface BodyRoute {
  method: "POST" | "PUT";
  pattern: string;
  path: string;
  base: (n: number) => Record<string, unknown>;
  /** public, rate-limited per address: each request comes from its own loopback address */
  perAddress?: boolean;
  /** values never sent to a field (a null previewEmail would queue a real newsletter) */
  noWrongType?: Record<string, unknown[]>;
}

/** Hostile strings, each carrying the marker. */
function hostile(mk: string) {
  return {
    nul: [`${mk} a\u0000b`, `\u0000${mk}`, `${mk}\u0000`],
    surrogate: [`${mk}\ud800`, `x\udfff${mk}y`, `\udbff${mk}`],
    control: [`${mk}\u0007bell`, `\u001b[31m${mk}`, `${mk}\u0085`, `${mk}\u007f`, `${mk}\u000b`, `${mk}\u009b`],
    rtl: [`${mk}\u202Eevil\u202C`, `\u200F\u05E9\u05DC\u05D5\u05DD ${mk}`, `\u2067${mk}\u2069\u200E`],
    wrongType: [12345, true, null, [mk], { $gt: mk }, 1e308, -1, 0.5, { toString: mk }, false],
  };
}

export function buildCases(ctx: FuzzContext): Case[] {
  const { mk, auth } = ctx;
  const h = hostile(mk);
  const email = (n: number | string) => `fz-${mk}-${n}@probe.example`;
  const cases: Case[] = [];
  let counter = 0;
  const pick = <T,>(list: T[]) => list[counter++ % list.length];

  const bodyRoutes: BodyRoute[] = [
    { method: "POST", pattern: "/api/admin/login", path: "/api/admin/login", perAddress: true, base: () => ({ username: "admin", password: `wrong-${mk}` }) },
    {
      method: "POST",
      pattern: "/api/subscribe",
      path: "/api/subscribe",
      perAddress: true,
      base: (n) => ({ name: `Fan ${mk}`, email: email(`sub${n}`), interests: { shows: true, releases: false, merch: false }, website: "" }),
    },
    {
      method: "POST",
      pattern: "/api/contact",
      path: "/api/contact",
      perAddress: true,
      base: (n) => ({ name: `Fan ${mk}`, email: email(`msg${n}`), messageType: "general", message: `Message text ${mk} number ${n}`, website: "" }),
    },
    { method: "POST", pattern: "/api/unsubscribe", path: "/api/unsubscribe", base: () => ({ token: `tok${mk}`, email: email("unsub") }) },
    ...(["POST /api/lyrics", "PUT /api/lyrics/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({ title: `Song ${mk}`, songName: `Song ${mk}`, albumName: `Album ${mk}`, releaseYear: "2024", lyricsText: `Verse ${mk}\nChorus`, isPublished: true, sortOrder: 1 }),
    })),
    { method: "PUT", pattern: "/api/lyrics/:id/publish", path: "/api/lyrics/1/publish", base: () => ({ isPublished: true }) },
    ...(["POST /api/merchandise", "PUT /api/merchandise/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({
        name: `Shirt ${mk}`,
        description: `Cotton ${mk}`,
        price: "25.00",
        category: "T-Shirt",
        templateDimensions: TEMPLATE_DIMENSIONS[0],
        imageUrl: "",
        amazonUrl: "",
        isNew: false,
        isFeatured: false,
        comingSoon: false,
      }),
    })),
    ...(["POST /api/videos", "PUT /api/videos/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({ title: `Live ${mk}`, description: `Filmed ${mk}`, category: "live", embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", thumbnailUrl: "", isActive: true, sortOrder: 0 }),
    })),
    { method: "PUT", pattern: "/api/videos/:id/active", path: "/api/videos/1/active", base: () => ({ isActive: true }) },
    ...(["POST /api/band-members", "PUT /api/band-members/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({
        name: `Member ${mk}`,
        role: `Drums ${mk}`,
        bio: `Bio ${mk}`,
        altText: `Photo ${mk}`,
        joinDate: "2020-01-01",
        leaveDate: null,
        sortOrder: 1,
        isActive: true,
        socialLinks: { instagram: "https://instagram.com/probe" },
        imageUrl: "",
      }),
    })),
    { method: "PUT", pattern: "/api/band-members/:id/active", path: "/api/band-members/1/active", base: () => ({ isActive: true }) },
    ...(["POST /api/audio-tracks", "PUT /api/audio-tracks/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({ title: `Track ${mk}`, artist: `Band ${mk}`, audioUrl: "https://example.com/a.mp3", coverArtUrl: "", duration: 180, isFeatured: false, isActive: true }),
    })),
    { method: "PUT", pattern: "/api/audio-tracks/:id/featured", path: "/api/audio-tracks/1/featured", base: () => ({ isFeatured: false }) },
    { method: "PUT", pattern: "/api/audio-tracks/:id/active", path: "/api/audio-tracks/1/active", base: () => ({ isActive: true }) },
    ...(["POST /api/shows", "PUT /api/shows/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", "1"),
      base: () => ({ venue: `Venue ${mk}`, location: `Greenville ${mk}`, date: "2027-05-01", time: "8:00 PM", price: "15", ageRestriction: "All Ages", supportingActs: `Openers ${mk}`, eventUrl: "" }),
    })),
    ...(["POST /api/users", "PUT /api/users/:id"] as const).map((r) => ({
      method: r.split(" ")[0] as "POST" | "PUT",
      pattern: r.split(" ")[1],
      path: r.split(" ")[1].replace(":id", String(ctx.userId)),
      base: (n: number) => ({ username: `probe${n}`, email: email(`user${n}`), password: "tangerine-harbor-quietly-77" }),
    })),
    { method: "PUT", pattern: "/api/users/:id/active", path: `/api/users/${ctx.userId}/active`, base: () => ({ isActive: true }) },
    { method: "PUT", pattern: "/api/settings/:key", path: "/api/settings/band-name", base: () => ({ value: `Band ${mk}` }) },
    { method: "PUT", pattern: "/api/admin/messages/:id/read", path: "/api/admin/messages/1/read", base: () => ({ isRead: true }) },
    {
      method: "POST",
      pattern: "/api/newsletter/send",
      path: "/api/newsletter/send",
      base: () => ({ subject: `News ${mk}`, content: `<p>Newsletter ${mk}</p>`, targetShows: false, targetReleases: false, targetMerch: false, previewEmail: email("preview") }),
      noWrongType: { previewEmail: [null, false] },
    },
    { method: "POST", pattern: "/api/newsletter/render", path: "/api/newsletter/render", base: () => ({ content: `<p>Render ${mk}</p>` }) },
  ];

  let n = 0;
  for (const r of bodyRoutes) {
    const route = `${r.method} ${r.pattern}`;
    const headers = r.perAddress ? {} : auth;
    const push = (label: string, body: string | Buffer, contentType = "application/json") => {
      n++;
      cases.push({ route, label, req: { method: r.method, path: r.path, body, headers: { "content-type": contentType, ...headers }, localAddress: r.perAddress ? ctx.nextAddress() : undefined } });
    };
    const fields = Object.keys(r.base(0));
    fields.forEach((field, i) => {
      const withValue = (v: unknown) => JSON.stringify({ ...r.base(n), [field]: v });
      push(`${field} = NUL`, withValue(pick(h.nul)));
      push(`${field} = lone surrogate (JSON escape)`, withValue(pick(h.surrogate)));
      if (i % 2 === 0) push(`${field} = control char`, withValue(pick(h.control)));
      else push(`${field} = RTL/bidi marks`, withValue(pick(h.rtl)));
      if (fields.length === 1) push(`${field} = RTL/bidi marks`, withValue(pick(h.rtl)));
      const banned = r.noWrongType?.[field] ?? [];
      let wrong = pick(h.wrongType);
      while (banned.some((b) => b === wrong)) wrong = pick(h.wrongType);
      push(`${field} = wrong type ${JSON.stringify(wrong)?.slice(0, 30)}`, withValue(wrong));
      if (i < 3) push(`${field} = 300 KB string`, withValue(`${mk}${"x".repeat(HUGE)}`));
    });
    // raw bodies: what JSON.stringify never writes
    const base = r.base(n);
    const baseJson = JSON.stringify(base);
    const firstString = fields.find((f) => typeof base[f] === "string");
    push("every string field a lone surrogate", JSON.stringify(Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === "string" ? `\udc00${mk}` : v]))));
    if (firstString) {
      const badUtf8 = Buffer.from(JSON.stringify({ ...base, [firstString]: `${mk}@@` }));
      const at = badUtf8.indexOf("@@");
      badUtf8[at] = 0xff;
      badUtf8[at + 1] = 0xc0;
      push(`${firstString} = invalid UTF-8 bytes ff c0`, badUtf8);
      // the escape as JSON text: after parsing, a real NUL in the field
      push(`${firstString} = raw \\u0000 escape`, JSON.stringify({ ...base, [firstString]: `${mk}@NUL@` }).replace("@NUL@", "\\u0000"));
    }
    push("NUL in a key", JSON.stringify({ ...base, [`na\u0000me${mk}`]: mk }));
    const rawVariants: [string, string, string?][] = [
      ["truncated JSON", baseJson.slice(0, -3)],
      ["__proto__ / constructor keys", `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":"${mk}"}},${baseJson.slice(1)}`],
      ["3000-level nesting", `{"${firstString ?? "x"}":${"[".repeat(3000)}${"]".repeat(3000)}}`],
      ["JSON body as text/plain", baseJson, "text/plain"],
      ["body null", "null"],
      ["body []", "[]"],
      ["body a string", JSON.stringify(mk)],
      ["empty body", ""],
      ["charset=utf-16", baseJson, "application/json; charset=utf-16"],
      ["form-urlencoded with %00", `token=${mk}%00&email=a%00b`, "application/x-www-form-urlencoded"],
    ];
    for (let k = 0; k < 3; k++) {
      const [label, body, type] = pick(rawVariants);
      push(label, body, type);
    }
  }

  // query strings (values URL-encoded as a client would, or raw bytes a client should not send)
  const queryRoutes: { method: string; pattern: string; path: string; keys: string[]; admin?: boolean; base?: string }[] = [
    { method: "GET", pattern: "/api/verify-email", path: "/api/verify-email", keys: ["email", "token"], base: `email=${encodeURIComponent(email("verify"))}&token=tok${mk}` },
    { method: "GET", pattern: "/api/unsubscribe", path: "/api/unsubscribe", keys: ["token", "email"] },
    { method: "POST", pattern: "/api/unsubscribe", path: "/api/unsubscribe", keys: ["token", "email"] },
    { method: "GET", pattern: "/api/shows", path: "/api/shows", keys: ["upcoming", "limit", "offset"] },
    { method: "GET", pattern: "/api/band-members", path: "/api/band-members", keys: ["all"] },
    { method: "GET", pattern: "/api/audio-tracks", path: "/api/audio-tracks", keys: ["featured"], admin: true },
    { method: "GET", pattern: "/api/newsletter/recipients", path: "/api/newsletter/recipients", keys: ["targetShows", "targetReleases", "targetMerch"], admin: true },
    { method: "GET", pattern: "/api/newsletters", path: "/api/newsletters", keys: ["limit"], admin: true },
  ];
  const queryValues = [`${mk}%00`, `%ED%A0%80${mk}`, `%FF%FE${mk}`, `%E2%80%AE${mk}%E2%80%AC`, `%07${mk}`, `${mk}&KEY=second`, `${mk}${"y".repeat(20_000)}`, `${mk}${"z".repeat(6_000)}`];
  for (const q of queryRoutes) {
    for (const key of q.keys) {
      for (const v of queryValues) {
        const value = v.replace("KEY", key);
        const rest = q.base ? `&${q.base.split("&").filter((p) => !p.startsWith(`${key}=`)).join("&")}` : "";
        cases.push({
          route: `${q.method} ${q.pattern}`,
          label: `?${key}=${value.length > 40 ? `${value.slice(0, 30)}… (${value.length} chars)` : value}`,
          req: { method: q.method, path: `${q.path}?${key}=${value}${rest}`, headers: q.admin ? auth : {} },
        });
      }
    }
  }

  // path parameters
  const idRoutes: [string, string][] = [
    ["GET", "/api/lyrics/:id"],
    ["GET", "/api/merchandise/:id"],
    ["GET", "/api/videos/:id"],
    ["GET", "/api/band-members/:id"],
    ["GET", "/api/audio-tracks/:id"],
    ["GET", "/api/shows/:id"],
    ["GET", "/api/users/:id"],
    ["GET", "/api/newsletters/:id"],
    ["PUT", "/api/admin/messages/:id/read"],
    ["PUT", "/api/lyrics/:id/publish"],
  ];
  const ids = ["%00", "1%00", "abc", "-1", "1.5", "99999999999999999999", "%ED%A0%80", "%E2%80%AE1", "0x10", "1e3", "%20%201", `${mk}`];
  for (const [method, pattern] of idRoutes) {
    for (let k = 0; k < 5; k++) {
      const id = pick(ids);
      const body = method === "PUT" ? JSON.stringify(pattern.includes("publish") ? { isPublished: true } : { isRead: true }) : undefined;
      cases.push({ route: `${method} ${pattern}`, label: `:id = ${id}`, req: { method, path: pattern.replace(":id", id), body, headers: { ...(body ? { "content-type": "application/json" } : {}), ...auth } } });
    }
  }
  for (const key of ["%00", "band-name%00", "__proto__", "constructor", "%ED%A0%80", `${mk}`, "band-name%E2%80%AE"]) {
    cases.push({ route: "GET /api/settings/:key", label: `:key = ${key}`, req: { method: "GET", path: `/api/settings/${key}`, headers: {} } });
    cases.push({ route: "PUT /api/settings/:key", label: `:key = ${key}`, req: { method: "PUT", path: `/api/settings/${key}`, body: JSON.stringify({ value: `Band ${mk}` }), headers: { "content-type": "application/json", ...auth } } });
  }

  cases.push(...uploadCases(ctx));

  // deletes last, so the writes above find their rows
  const deleteRoutes = ["/api/lyrics/:id", "/api/merchandise/:id", "/api/videos/:id", "/api/band-members/:id", "/api/audio-tracks/:id", "/api/shows/:id", "/api/users/:id", "/api/subscribers/:id", "/api/admin/messages/:id"];
  for (const pattern of deleteRoutes) {
    for (const id of ["%00", "abc", "-1", "99999999999999999999", "%ED%A0%80", pattern === "/api/users/:id" ? String(ctx.userId) : "2"]) {
      cases.push({ route: `DELETE ${pattern}`, label: `:id = ${id}`, req: { method: "DELETE", path: pattern.replace(":id", id), headers: auth } });
    }
    // a DELETE with a hostile JSON body (the routes take none)
    cases.push({ route: `DELETE ${pattern}`, label: "body with NUL", req: { method: "DELETE", path: pattern.replace(":id", "999999"), body: JSON.stringify({ x: `${mk}\u0000` }), headers: { "content-type": "application/json", ...auth } } });
  }
  return cases;
}

/** A real 1x1 PNG (67 bytes). */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f5d6c80000000049454e44ae426082",
  "hex",
);

interface Part {
  name: Buffer | string;
  filename?: Buffer | string;
  contentType?: string;
  data: Buffer | string;
  /** a raw header line instead of the usual filename="..." */
  rawDisposition?: Buffer;
}

function multipart(parts: Part[], boundary = "----probeBoundary7MA4YWxk", opts: { truncate?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.rawDisposition) chunks.push(p.rawDisposition);
    else {
      chunks.push(Buffer.from("Content-Disposition: form-data; name=\""), Buffer.from(p.name));
      chunks.push(Buffer.from("\""));
      if (p.filename !== undefined) chunks.push(Buffer.from("; filename=\""), Buffer.from(p.filename), Buffer.from("\""));
    }
    chunks.push(Buffer.from("\r\n"));
    if (p.contentType) chunks.push(Buffer.from(`Content-Type: ${p.contentType}\r\n`));
    chunks.push(Buffer.from("\r\n"), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  if (!opts.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return opts.truncate ? body.subarray(0, body.length - 20) : body;
}

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

function uploadCases(ctx: FuzzContext): Case[] {
  const { mk, auth } = ctx;
  const boundary = "----probeBoundary7MA4YWxk";
  const type = `multipart/form-data; boundary=${boundary}`;
  const file = (filename: Buffer | string, data: Buffer | string = PNG, contentType = "image/png"): Part => ({ name: "file", filename, contentType, data });
  const list: [string, string, Buffer, string?][] = [
    ["filename with a NUL byte", "?fileType=image", multipart([file(bytes(`a${mk}`, [0], "b.png"))])],
    ["filename a lone NUL + .png", "?fileType=image", multipart([file(bytes([0], `${mk}.png`))])],
    ["filename photo.png<NUL>.php", "?fileType=image", multipart([file(bytes(`photo${mk}.png`, [0], ".php"))])],
    ["filename with a surrogate as bytes (ed a0 80)", "?fileType=image", multipart([file(bytes(`x${mk}`, [0xed, 0xa0, 0x80], ".png"))])],
    ["filename invalid UTF-8 (ff fe)", "?fileType=image", multipart([file(bytes([0xff, 0xfe], `${mk}.png`))])],
    ["filename with control chars (07 1b 7f)", "?fileType=image", multipart([file(bytes(`c${mk}`, [0x07, 0x1b, 0x7f], ".png"))])],
    ["filename with RTL override", "?fileType=image", multipart([file(`evil${mk}\u202Egnp.png`)])],
    ["filename ../ traversal", "?fileType=image", multipart([file(`../../../../../../tmp/${mk}-escape.png`)])],
    ["filename ..\\ traversal", "?fileType=image", multipart([file(`..\\..\\..\\${mk}-escape.png`)])],
    ["filename 10 KB", "?fileType=image", multipart([file(`${mk}${"n".repeat(10_000)}.png`)])],
    ["filename* RFC 5987 with %00", "?fileType=image", multipart([{ name: "file", data: PNG, contentType: "image/png", rawDisposition: Buffer.from(`Content-Disposition: form-data; name="file"; filename*=UTF-8''a%00${mk}%ED%A0%80.png`) }])],
    ["NUL in the field name", "?fileType=image", multipart([{ name: bytes("fi", [0], "le"), filename: `${mk}.png`, contentType: "image/png", data: PNG }])],
    ["fileType form field with NUL (no query)", "", multipart([{ name: "fileType", data: bytes("image", [0]) }, file(`${mk}.png`)])],
    ["query fileType=%00", "?fileType=%00", multipart([file(`${mk}.png`)])],
    ["query purpose=%00", "?fileType=image&purpose=%00", multipart([file(`${mk}.png`)])],
    ["Content-Type of the part with NUL", "?fileType=image", multipart([{ name: "file", filename: `${mk}.png`, contentType: "image/png\u0000", data: PNG }])],
    ["text content named .png", "?fileType=image", multipart([file(`${mk}.png`, `not an image ${mk}`)])],
    ["PNG declared as audio", "?fileType=audio", multipart([file(`${mk}.mp3`, PNG, "audio/mpeg")])],
    ["empty file", "?fileType=image", multipart([file(`${mk}.png`, Buffer.alloc(0))])],
    ["two files", "?fileType=image", multipart([file(`${mk}-1.png`), file(`${mk}-2.png`)])],
    ["truncated body", "?fileType=image", multipart([file(`${mk}.png`)], boundary, { truncate: true })],
    ["boundary does not match", "?fileType=image", multipart([file(`${mk}.png`)], "----other")],
    ["multipart without boundary", "?fileType=image", multipart([file(`${mk}.png`)]), "multipart/form-data"],
    ["no file part, only a field with NUL", "?fileType=image", multipart([{ name: "note", data: bytes(mk, [0]) }])],
    ["valid PNG (control: should be stored)", "?fileType=image", multipart([file(`probe-${mk}.png`)])],
  ];
  const cases: Case[] = list.map(([label, query, body, ct]) => ({
    route: "POST /api/upload/media",
    label: `${label} (${query || "no query"})`,
    upload: true,
    req: { method: "POST", path: `/api/upload/media${query}`, body, headers: { "content-type": ct ?? type, ...auth } },
  }));
  cases.push(
    { route: "POST /api/upload/merchandise", label: "filename with a NUL byte", upload: true, req: { method: "POST", path: "/api/upload/merchandise", body: multipart([file(bytes(`m${mk}`, [0], ".png"))]), headers: { "content-type": type, ...auth } } },
    { route: "POST /api/upload/merchandise", label: "filename with a surrogate as bytes", upload: true, req: { method: "POST", path: "/api/upload/merchandise", body: multipart([file(bytes(`m${mk}`, [0xed, 0xb0, 0x80], ".png"))]), headers: { "content-type": type, ...auth } } },
    { route: "POST /api/upload/merchandise", label: "JSON body instead of multipart", upload: true, req: { method: "POST", path: "/api/upload/merchandise", body: JSON.stringify({ file: `${mk}\u0000` }), headers: { "content-type": "application/json", ...auth } } },
  );
  return cases;
}
