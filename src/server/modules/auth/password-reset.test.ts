import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_ANSWER } from "@shared/schemas/auth";
import { passwordResetTokens } from "../../db/schema";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/app";
import { RESET_LINK_INVALID } from "./password-reset";

/** Forgot password -> mailed link (real SMTP) -> reset once; and the signed-in admin's own password. */
describe("password reset and own password", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let drummerId: number;
  const drummer = { username: "drummer", email: "drums@example.com", password: "violet-anchor-93-lamp" };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" });
    const made = await t.request({ method: "POST", url: "/api/users", headers: await t.adminHeaders(), payload: drummer });
    expect(made.statusCode, made.body).toBe(201);
    drummerId = made.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const login = (username: string, password: string) => t.request({ method: "POST", url: "/api/admin/login", payload: { username, password } });
  const me = (token: string) => t.request({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${token}` } });
  const forgot = (email: string) => t.request({ method: "POST", url: "/api/admin/forgot-password", payload: { email } });
  const reset = (token: string, password: string) => t.request({ method: "POST", url: "/api/admin/reset-password", payload: { token, password } });
  const mailsTo = (addr: string) => sink.mails.filter((m) => m.to.includes(addr));

  function tokenOf(mail: ReceivedMail) {
    const link = mail.links().find((l) => l.includes("/admin/reset-password?"));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe("https://band.example/admin/reset-password");
    return url.searchParams.get("token")!;
  }

  it("answers the same for a known and an unknown address, and mails the known one exactly once", async () => {
    const known = await forgot("Drums@Example.com");
    const unknown = await forgot("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    await t.app.mailer.settled();
    expect(mailsTo("drums@example.com")).toHaveLength(1);
    expect(mailsTo("nobody@example.com")).toHaveLength(0);
    const mail = mailsTo("drums@example.com")[0];
    expect(mail.decoded).toContain("drummer");
    expect(mail.decoded).toContain("30 minutes");
    // stored as a hash: the raw token is nowhere in the table
    const token = tokenOf(mail);
    const rows = await t.database.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeCloseTo(30 * 60 * 1000, -4);
  });

  it("a deactivated account is mailed whom to ask instead of a link; the site's answer is the same", async () => {
    // an account of its own: each address gets at most 3 mails an hour
    const keys = { username: "keys", email: "keys@example.com", password: "amber-harbor-48-quill" };
    const made = await t.request({ method: "POST", url: "/api/users", headers: await t.adminHeaders(), payload: keys });
    expect(made.statusCode, made.body).toBe(201);
    const off = await t.request({ method: "PUT", url: `/api/users/${made.json().data.id}/active`, headers: await t.adminHeaders(), payload: { isActive: false } });
    expect(off.statusCode).toBe(200);
    const tokensBefore = (await t.database.db.select().from(passwordResetTokens)).length;

    const answer = await forgot(keys.email);
    expect(answer.json()).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    await t.app.mailer.settled();
    const mails = mailsTo(keys.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("deactivated");
    expect(mails[0].decoded).toContain("Another admin of the band can activate it again in Admin > Users");
    expect(mails[0].links().filter((l) => l.includes("reset-password"))).toEqual([]);
    expect(await t.database.db.select().from(passwordResetTokens)).toHaveLength(tokensBefore);
  });

  it("resets once, ends every session of the user, and refuses the used link", async () => {
    const token = tokenOf(mailsTo("drums@example.com")[0]);
    const sessionA = (await login(drummer.username, drummer.password)).json().token;
    const sessionB = (await login(drummer.username, drummer.password)).json().token;

    const check = async (tok: string) => (await t.request({ method: "POST", url: "/api/admin/reset-password/check", payload: { token: tok } })).json();
    expect(await check(token)).toEqual({ success: true, data: { valid: true } });
    expect(await check("not-a-real-token")).toEqual({ success: true, data: { valid: false } });

    // a refused password leaves the link usable
    const weak = await reset(token, "password123");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeTruthy();

    const done = await reset(token, "quartz-meadow-58-river");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/signed out everywhere/);
    expect((await me(sessionA)).statusCode).toBe(401);
    expect((await me(sessionB)).statusCode).toBe(401);
    expect((await login(drummer.username, drummer.password)).statusCode).toBe(401);
    expect((await login(drummer.username, "quartz-meadow-58-river")).statusCode).toBe(200);

    // the page says a used link is dead before it shows its form (issue 21)
    expect(await check(token)).toEqual({ success: true, data: { valid: false } });
    const again = await reset(token, "another-tulip-77-stone");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await reset("made-up-token", "another-tulip-77-stone")).json().message).toBe(RESET_LINK_INVALID);
    // nothing of the account's links is kept
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, drummerId))).toEqual([]);
  });

  it("refuses an expired link", async () => {
    sink.mails.length = 0;
    await forgot(drummer.email);
    await t.app.mailer.settled();
    const token = tokenOf(mailsTo(drummer.email)[0]);
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await reset(token, "another-tulip-77-stone");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    // the next request removes the dead link: only the new one is stored
    await forgot(drummer.email);
    await t.app.mailer.settled();
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, drummerId));
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("changes the signed-in admin's own password: the current one is required, other sessions end, this one stays", async () => {
    const password = "quartz-meadow-58-river";
    const here = (await login(drummer.username, password)).json().token;
    const elsewhere = (await login(drummer.username, password)).json().token;
    const change = (body: object) => t.request({ method: "PUT", url: "/api/admin/password", headers: { authorization: `Bearer ${here}` }, payload: body });

    const wrong = await change({ currentPassword: "not-my-password", newPassword: "copper-lantern-26-fjord" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "currentPassword: Current password is incorrect", errors: { currentPassword: "Current password is incorrect" } });
    expect((await change({ currentPassword: password, newPassword: "drummer-2024" })).statusCode).toBe(400);

    const ok = await change({ currentPassword: password, newPassword: "copper-lantern-26-fjord" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(drummer.username, "copper-lantern-26-fjord")).statusCode).toBe(200);

    const log = await t.request({ method: "GET", url: "/api/admin/activity?resource=account", headers: await t.adminHeaders() });
    expect(log.json().data.map((e: { action: string; username: string }) => `${e.username} ${e.action}`)).toEqual(["drummer change password", "drummer reset password"]);
    expect(JSON.stringify(log.json().data)).not.toMatch(/copper|quartz/);
  });
});

/** Issue 20, finding 5: a changed address or password ends the links mailed before it, on every path. */
describe("reset links end with an account change", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let id: number;
  const bassist = { username: "bassist", email: "bass@example.com", password: "violet-anchor-93-lamp" };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example", FORM_RATE_LIMIT: 100, LOGIN_RATE_LIMIT: 100 });
    const made = await t.request({ method: "POST", url: "/api/users", headers: await t.adminHeaders(), payload: bassist });
    expect(made.statusCode, made.body).toBe(201);
    id = made.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** a fresh link mailed to `email`; the per-address limit is cleared so each test may ask */
  async function linkFor(email: string) {
    sink.mails.length = 0;
    await t.database.db.execute(sql`delete from rate_limits`);
    expect((await t.request({ method: "POST", url: "/api/admin/forgot-password", payload: { email } })).statusCode).toBe(200);
    await t.app.mailer.settled();
    const link = sink.mails.find((m) => m.to.includes(email))?.links().find((l) => l.includes("/admin/reset-password?"));
    expect(link).toBeDefined();
    return new URL(link!).searchParams.get("token")!;
  }
  const reset = (token: string) => t.request({ method: "POST", url: "/api/admin/reset-password", payload: { token, password: "harbor-violin-41-moss" } });
  const links = () => t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  const editUser = async (body: object) => {
    const res = await t.request({ method: "PUT", url: `/api/users/${id}`, headers: await t.adminHeaders(), payload: { username: bassist.username, email: bassist.email, ...body } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("Admin > Users: a new e-mail address ends the link mailed to the old one", async () => {
    const token = await linkFor(bassist.email);
    await editUser({ email: "new.bass@example.com" });
    expect(await links()).toEqual([]);
    expect((await reset(token)).json().message).toBe(RESET_LINK_INVALID);
    await editUser({ email: bassist.email });
  });

  it("Admin > Users: saving the same address (any case) keeps the link; a new password ends it", async () => {
    const token = await linkFor(bassist.email);
    await editUser({ email: "Bass@Example.com" });
    expect(await links()).toHaveLength(1);
    await editUser({ password: "copper-lantern-26-fjord" });
    expect(await links()).toEqual([]);
    expect((await reset(token)).json().message).toBe(RESET_LINK_INVALID);
  });

  it("own password: changing it ends the links requested before", async () => {
    const token = await linkFor(bassist.email);
    const session = (await t.request({ method: "POST", url: "/api/admin/login", payload: { username: bassist.username, password: "copper-lantern-26-fjord" } })).json().token;
    const change = await t.request({
      method: "PUT",
      url: "/api/admin/password",
      headers: { authorization: `Bearer ${session}` },
      payload: { currentPassword: "copper-lantern-26-fjord", newPassword: "saffron-kettle-73-dune" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await reset(token)).json().message).toBe(RESET_LINK_INVALID);
  });

  it("a reset ends the other links of the account", async () => {
    const first = await linkFor(bassist.email);
    const second = await linkFor(bassist.email);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first)).json().message).toBe(RESET_LINK_INVALID);
  });
});

describe("forgot-password limits", () => {
  it("limits requests per IP (shared counters) and mails one address at most 3 times an hour", async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ SMTP_URL: sink.url, FORM_RATE_LIMIT: 5 });
    try {
      await t.request({ method: "POST", url: "/api/users", headers: await t.adminHeaders(), payload: { username: "singer", email: "voice@example.com", password: "violet-anchor-93-lamp" } });
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await t.request({ method: "POST", url: "/api/admin/forgot-password", payload: { email: "voice@example.com" } })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      await t.app.mailer.settled();
      expect(sink.mails.filter((m) => m.to.includes("voice@example.com"))).toHaveLength(3);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
