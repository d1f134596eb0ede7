import { describe, expect, it } from "vitest";
import { loadConfig, parseStorageUrl } from "../config";
import { etagMatches, keyOfSitePath, parseRange, resolveRange } from "./object-store";

describe("STORAGE_URL", () => {
  it("reads the bucket, prefix, endpoint, region, path style and credentials", () => {
    expect(parseStorageUrl("s3://band-site/media/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true")).toEqual({
      bucket: "band-site",
      prefix: "media/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
    });
    expect(parseStorageUrl("s3://KEY:se%2Fcret@band-site")).toMatchObject({ bucket: "band-site", prefix: "", region: "us-east-1", forcePathStyle: false, credentials: { accessKeyId: "KEY", secretAccessKey: "se/cret" } });
  });

  it("refuses a wrong address with a message that never repeats it (it may hold a secret)", () => {
    const cases: [string, string][] = [
      ["http://bucket", "expected an s3:// address"],
      ["s3://ab", "the bucket name must be 3 to 63"],
      ["s3://Band_Site", "the bucket name must be 3 to 63"],
      ["s3://band-site?endpint=x", "unknown option(s) endpint"],
      ["s3://band-site?endpoint=ftp://x", "endpoint must be an http(s) address"],
      ["s3://band-site?forcePathStyle=yes", "forcePathStyle must be true or false"],
      ["s3://KEY@band-site", "give both the access key and the secret"],
    ];
    for (const [value, message] of cases) expect(parseStorageUrl(value), value).toContain(message);
    expect(() => loadConfig({ STORAGE_URL: "s3://KEY:TOPSECRET@x" })).toThrow(/STORAGE_URL: the bucket name/);
    expect(() => loadConfig({ STORAGE_URL: "s3://KEY:TOPSECRET@x" })).not.toThrow(/TOPSECRET/);
    expect(loadConfig({ STORAGE_URL: "" }).objectStorage).toBeNull();
    expect(loadConfig({ MEDIA_PUBLIC_URL: "https://cdn.example.com/band/" }).mediaPublicUrl).toBe("https://cdn.example.com/band");
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: "javascript:alert(1)" })).toThrow(/MEDIA_PUBLIC_URL/);
  });
});

describe("byte ranges, ETags and keys", () => {
  it("reads one range; several, reversed or empty ones are no range", () => {
    expect(parseRange("bytes=0-99")).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-")).toEqual({ start: 100 });
    expect(parseRange("bytes=-500")).toEqual({ suffix: 500 });
    for (const bad of [undefined, "", "bytes=5-1", "bytes=-", "bytes=0-1,4-5", "items=0-1", "bytes=-0"]) expect(parseRange(bad), String(bad)).toBeNull();
  });

  it("resolves a range against the object's size; past the end is unsatisfiable", () => {
    expect(resolveRange({ start: 10, end: 5000 }, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange({ suffix: 500 }, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ suffix: 10 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ start: 100 }, 100)).toBeNull();
    expect(resolveRange({ suffix: 1 }, 0)).toBeNull();
  });

  it("matches If-None-Match lists, weak or strong, and '*'", () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches("*", '"x"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });

  it("turns site paths into keys, never one that climbs out", () => {
    expect(keyOfSitePath("/uploads/images/x.png")).toBe("images/x.png");
    for (const bad of ["/uploads/../x", "/uploads/a//b", "/uploads/a/./b", "/other/x.png", "/uploads/", "/uploads/a\\b"]) expect(keyOfSitePath(bad), bad).toBeNull();
  });
});
