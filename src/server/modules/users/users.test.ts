import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

describe("admin users", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) => t.request({ method: "POST", url: "/api/admin/login", payload: { username, password } });

  it("creates an admin who can log in, never returning the password hash", async () => {
    const res = await t.request({ method: "POST", url: "/api/users", headers, payload: { username: "drummer", email: "", password: "sticks-and-skins" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ username: "drummer", email: null, isAdmin: true, isActive: true });
    expect(res.body).not.toMatch(/hash|argon/i);
    expect((await login("drummer", "sticks-and-skins")).statusCode).toBe(200);
    const list = (await t.request({ method: "GET", url: "/api/users", headers })).json().data;
    expect(list.map((u: { username: string }) => u.username)).toEqual(["admin", "drummer"]);
  });

  it("refuses a taken username with a clear 409", async () => {
    const res = await t.request({ method: "POST", url: "/api/users", headers, payload: { username: "drummer", password: "another-password" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username "drummer" is already taken. Please choose another.');
  });

  it("validates with the spec's messages", async () => {
    const res = await t.request({ method: "POST", url: "/api/users", headers, payload: { username: "ab", email: "nope", password: "short" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: "Username must be at least 3 characters long",
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters long",
    });
  });

  it("on edit a blank password keeps the current one; a new one replaces it", async () => {
    const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data[1];
    const keep = await t.request({ method: "PUT", url: `/api/users/${id}`, headers, payload: { username: "drummer", email: "d@band.com", password: "" } });
    expect(keep.statusCode).toBe(200);
    expect((await login("drummer", "sticks-and-skins")).statusCode).toBe(200);
    await t.request({ method: "PUT", url: `/api/users/${id}`, headers, payload: { username: "drummer", email: null, password: "new-password-1" } });
    expect((await login("drummer", "sticks-and-skins")).statusCode).toBe(401);
    expect((await login("drummer", "new-password-1")).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/users/${id}`, headers })).json().data).toMatchObject({ username: "drummer", email: null });
  });

  it("deactivating an admin ends their sessions at once; activating lets them back in", async () => {
    const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data[1];
    const token = (await login("drummer", "new-password-1")).json().token;
    const theirs = { authorization: `Bearer ${token}` };
    expect((await t.request({ method: "GET", url: "/api/users", headers: theirs })).statusCode).toBe(200);
    const off = await t.request({ method: "PUT", url: `/api/users/${id}/active`, headers, payload: { isActive: false } });
    expect(off.json()).toMatchObject({ success: true, message: "Deactivated" });
    expect((await t.request({ method: "GET", url: "/api/users", headers: theirs })).statusCode).toBe(401);
    // the right password is told the account is deactivated, not that it is wrong
    expect((await login("drummer", "new-password-1")).statusCode).toBe(403);
    const on = await t.request({ method: "PUT", url: `/api/users/${id}/active`, headers, payload: { isActive: true } });
    expect(on.json().message).toBe("Activated");
    expect((await login("drummer", "new-password-1")).statusCode).toBe(200);
  });

  it("refuses to deactivate or delete the primary admin (id 1)", async () => {
    const off = await t.request({ method: "PUT", url: "/api/users/1/active", headers, payload: { isActive: false } });
    expect(off.statusCode).toBe(403);
    const del = await t.request({ method: "DELETE", url: "/api/users/1", headers });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe("The primary admin cannot be deleted");
    expect((await t.request({ method: "GET", url: "/api/users/1", headers })).json().data.isActive).toBe(true);
  });

  it("an admin cannot deactivate or delete their own account (no lock-out by mistake)", async () => {
    const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data[1];
    const own = { authorization: `Bearer ${(await login("drummer", "new-password-1")).json().token}` };
    const off = await t.request({ method: "PUT", url: `/api/users/${id}/active`, headers: own, payload: { isActive: false } });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe("You cannot deactivate your own account");
    const del = await t.request({ method: "DELETE", url: `/api/users/${id}`, headers: own });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe("You cannot delete your own account");
    expect((await t.request({ method: "GET", url: `/api/users/${id}`, headers })).json().data).toMatchObject({ username: "drummer", isActive: true });
  });

  it("deletes another admin, and answers 404 for a missing one", async () => {
    const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data[1];
    expect((await t.request({ method: "DELETE", url: `/api/users/${id}`, headers })).json()).toMatchObject({ success: true, message: "User deleted" });
    expect((await t.request({ method: "DELETE", url: `/api/users/${id}`, headers })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/users/999", headers })).statusCode).toBe(404);
  });

  describe("password policy (OWASP ASVS 5.0 V6)", () => {
    const create = (username: string, password: string) => t.request({ method: "POST", url: "/api/users", headers, payload: { username, email: "", password } });

    it.each([
      ["password", "This password is too common. Choose a less predictable one."],
      ["12345678", "This password is too common. Choose a less predictable one."],
      ["PassWord", "This password is too common. Choose a less predictable one."],
      ["P@ssw0rd123", "This password is a common password with small changes. Choose a less predictable one."],
      ["        ", "Password cannot be only spaces"],
      ["\0".repeat(8), null],
      ["pass\tword-tab-inside", "Password cannot contain control characters (such as tabs, line breaks or NUL)"],
      ["short", "Password must be at least 8 characters long"],
      ["x".repeat(201), "Password is too long (200 characters at most)"],
      ["my-Bassist-days", "Password must not contain the username"],
    ])("refuses %j with a 400 naming the password", async (password, message) => {
      const res = await create("bassist", password);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^password: /);
      // NUL never reaches the schema: the server-wide control-character guard names the field first
      if (message) expect(res.json().errors.password).toBe(message);
      else expect(res.json().errors.password).toBeTruthy();
    });

    it("counts characters, not UTF-16 units: four emoji are too short", async () => {
      expect((await create("bassist", "🎸🥁🎤🎹")).json().errors.password).toBe("Password must be at least 8 characters long");
    });

    it("accepts a 64-character password and a long passphrase, and they log in", async () => {
      const sixtyFour = "violet tuesday amplifier under the old bridge, seven crows singing";
      expect(sixtyFour.length).toBeGreaterThanOrEqual(64);
      const p64 = sixtyFour.slice(0, 64);
      const passphrase = "we drove all night to a half-empty club in Ghent and the bass amp caught fire before the encore, still the best show of 2019";
      for (const [username, password] of [["bassist", p64], ["keys", passphrase]]) {
        const res = await create(username, password);
        expect(res.statusCode, res.body).toBe(201);
        expect((await login(username, password)).statusCode).toBe(200);
      }
    });

    it("checks a new password on edit too", async () => {
      const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data.find((u: { username: string }) => u.username === "keys");
      const res = await t.request({ method: "PUT", url: `/api/users/${id}`, headers, payload: { username: "keys", email: null, password: "iloveyou" } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toBe("This password is too common. Choose a less predictable one.");
    });
  });

  describe("usernames: NFKC, ASCII, unique ignoring case", () => {
    const create = (username: string) => t.request({ method: "POST", url: "/api/users", headers, payload: { username, password: "grey-owl-tambourine" } });

    it.each(["Admin", "ADMIN", "ａｄｍｉｎ", "  admin "])("%j is the existing 'admin': 409", async (username) => {
      const res = await create(username);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Username "(admin|Admin|ADMIN)" is already taken\. Please choose another\.$/);
    });

    it.each([
      ["admin\u200b", "Username cannot contain invisible or control characters"],
      ["ad\u200emin", "Username cannot contain invisible or control characters"],
      ["\u0430dmin", "Username may only use letters a-z, digits, '.', '_' and '-'"],
      ["band admin", "Username may only use letters a-z, digits, '.', '_' and '-'"],
      ["ab", "Username must be at least 3 characters long"],
    ])("refuses %j with a 400 naming the username", async (username, message) => {
      const res = await create(username);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.username).toBe(message);
    });

    it("renaming to another admin's name in other case is a 409", async () => {
      const { id } = (await t.request({ method: "GET", url: "/api/users", headers })).json().data.find((u: { username: string }) => u.username === "keys");
      const res = await t.request({ method: "PUT", url: `/api/users/${id}`, headers, payload: { username: "BASSIST", email: null } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Username "BASSIST" is already taken. Please choose another.');
    });

    it("stores the name NFKC-normalised, keeps its case, and logs in whatever the case", async () => {
      const res = await create("Ｒｏａｄｉｅ");
      expect(res.statusCode).toBe(201);
      expect(res.json().data.username).toBe("Roadie");
      expect((await login("roadie", "grey-owl-tambourine")).json().user.username).toBe("Roadie");
    });
  });

  it("needs an admin", async () => {
    expect((await t.request({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/users", payload: { username: "x", password: "y" } })).statusCode).toBe(401);
  });
});
