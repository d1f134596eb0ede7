import { describe, expect, it } from "vitest";
import { passwordProblem } from "@shared/password-strength";
import { loadConfig } from "../../config";
import { generatePassword } from "../../db/bootstrap";

/** ADMIN_USERNAME / ADMIN_PASSWORD follow the same rules as Admin > Users, checked at start. */
describe("first-run primary admin from the environment", () => {
  const configError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it.each([
    [{ ADMIN_PASSWORD: "password" }, "ADMIN_PASSWORD: This password is too common. Choose a less predictable one."],
    [{ ADMIN_PASSWORD: "12345678" }, "ADMIN_PASSWORD: This password is too common. Choose a less predictable one."],
    [{ ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD: Password must be at least 8 characters long"],
    [{ ADMIN_PASSWORD: "        " }, "ADMIN_PASSWORD: Password cannot be only spaces"],
    [{ ADMIN_PASSWORD: "admin-rocks-2024" }, "ADMIN_PASSWORD: Password must not contain the username"],
    [{ ADMIN_USERNAME: "singer", ADMIN_PASSWORD: "the-Singer-sings" }, "ADMIN_PASSWORD: Password must not contain the username"],
    [{ ADMIN_USERNAME: "\u0430dmin" }, "ADMIN_USERNAME: Username may only use letters a-z, digits, '.', '_' and '-'"],
    [{ ADMIN_USERNAME: "admin\u200b" }, "ADMIN_USERNAME: Username cannot contain invisible or control characters"],
  ])("refuses %j at start with a clear config error", (env, message) => {
    const error = configError(env);
    expect(error).toMatch(/^Invalid configuration:/);
    expect(error).toContain(`  - ${message}`);
  });

  it("accepts a strong password and normalises the username", () => {
    const config = loadConfig({ ADMIN_USERNAME: " Ｂａｎｄ ", ADMIN_PASSWORD: "grey-owl-tambourine" });
    expect(config.ADMIN_USERNAME).toBe("Band");
  });

  it("the generated password (16 base64url characters) always meets the policy", () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword("admin");
      expect(password).toMatch(/^[\w-]{16}$/);
      expect(passwordProblem(password, ["admin"])).toBeNull();
    }
  });
});
