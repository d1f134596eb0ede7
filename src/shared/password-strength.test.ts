import { describe, expect, it } from "vitest";
import { dropDictionariesAfterEachCheck, passwordProblem, TOO_COMMON } from "./password-strength";

describe("password checks give the same answers whether or not the dictionaries are kept (the server drops them)", () => {
  const cases: [string, string[], string | null][] = [
    ["password123", [], TOO_COMMON],
    ["Trustno1", [], TOO_COMMON],
    ["aaaaaaaaaaaa", [], "This password repeats the same characters. Choose a less predictable one."],
    ["floodplain-porch-light-2026", [], null],
    ["greenvillegreenville", ["greenville"], expect.any(String) as unknown as string],
  ];

  it("kept (the browser's strength meter)", () => {
    for (const [password, inputs, problem] of cases) expect(passwordProblem(password, inputs), password).toEqual(problem);
  });

  it("dropped after each check (the server)", () => {
    dropDictionariesAfterEachCheck();
    for (const [password, inputs, problem] of cases) expect(passwordProblem(password, inputs), password).toEqual(problem);
    // twice: the second check builds them again
    expect(passwordProblem("password123")).toBe(TOO_COMMON);
  });
});
