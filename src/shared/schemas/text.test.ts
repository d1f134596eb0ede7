import { describe, expect, it } from "vitest";
import { contactInput } from "./contact";
import { showInput } from "./shows";
import { CONTROL_CHARACTERS_MESSAGE } from "./text";

// The forms use these schemas too, so a pasted control character is caught before sending.
describe("shared text rules", () => {
  const show = { venue: "The Pour House", location: "Raleigh, NC", date: "2026-12-05", time: "8:00 PM", price: "15", ageRestriction: "All Ages" };

  it.each([
    ["NUL", "The\u0000Pour House"],
    ["escape", "\u001b[31mred"],
    ["C1 control", "Next\u0085Line"],
    ["lone surrogate", "half \uD800 pair"],
    ["line break in a one-line field", "The Pour\nHouse"],
  ])("a one-line field refuses a %s", (_name, venue) => {
    const result = showInput.safeParse({ ...show, venue });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["venue"], message: CONTROL_CHARACTERS_MESSAGE });
  });

  it("a text area keeps tabs and line breaks but refuses NUL", () => {
    expect(showInput.safeParse({ ...show, supportingActs: "Band A\r\n\tBand B" }).success).toBe(true);
    const bad = contactInput.safeParse({ email: "fan@example.com", message: "hi\u0000" });
    expect(bad.error?.issues[0]).toMatchObject({ path: ["message"], message: CONTROL_CHARACTERS_MESSAGE });
  });

  it("keeps right-to-left marks, emoji and other scripts", () => {
    const ok = showInput.safeParse({ ...show, venue: "\u200F\u05D4\u05D1\u05D9\u05EA \u{1F918} Caf\u00E9" });
    expect(ok.success).toBe(true);
  });
});
