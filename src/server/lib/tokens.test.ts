import { describe, expect, it } from "vitest";
import { newToken, tokenSource } from "./tokens";

describe("tokenSource", () => {
  it("gives tokens like newToken's (256 bits, URL-safe), never the same one twice, across batches", () => {
    const next = tokenSource(3);
    const tokens = Array.from({ length: 200 }, () => next());
    for (const t of tokens) {
      expect(t).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(t, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(200);
    expect(tokens[0].length).toBe(newToken().length);
  });
});
