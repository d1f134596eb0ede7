import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIAL_DATA_ID, type InitialPage } from "@shared/page-render";
import { subscribers, townRequests } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";

let t: TestApp;
let sink: SmtpSink;
let headers: Record<string, string>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  headers = await t.adminHeaders();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const ask = (payload: object) => t.request({ method: "POST", url: "/api/town-requests", payload });

describe("bring us to your town", () => {
  it("counts requests per resolved place; unknown places as typed", async () => {
    for (const place of ["Raleigh, NC", "raleigh", "Raleigh NC", "Berlin, Germany", "Narnia Town", " narnia town "]) {
      const res = await ask({ place });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe("Thanks! We'll keep your town in mind.");
    }
    expect((await t.request({ method: "GET", url: "/api/admin/town-requests" })).statusCode).toBe(401);
    const counts = (await t.request({ method: "GET", url: "/api/admin/town-requests", headers })).json().data;
    expect(counts.map((c: { place: string; count: number; placed: boolean }) => [c.place, c.count, c.placed])).toEqual([
      ["Raleigh, North Carolina, US", 3, true],
      ["narnia town", 2, false],
      ["Berlin, State of Berlin, DE", 1, true],
    ]);
    expect(counts[0].lat).toBeCloseTo(35.77, 1);
  });

  it("an address joins the list with the shows interest through the double opt-in; nothing of it is kept with the request", async () => {
    const res = await ask({ place: "27601", email: "Town@Example.com" });
    expect(res.statusCode).toBe(200);
    const [mail] = await sink.waitFor((m) => m.some((x) => x.to[0] === "town@example.com"));
    expect(mail).toBeDefined();
    const [fan] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, "town@example.com"));
    expect(fan).toMatchObject({ showsInterest: true, releasesInterest: false, isVerified: false, place: "27601", lat: 35.7727 });
    const rows = await t.app.db.select().from(townRequests);
    expect(JSON.stringify(rows)).not.toContain("town@example.com");
  });

  it("refuses what is not a place or not an address with clear 400s; a bot's honeypot changes nothing", async () => {
    const empty = await ask({ place: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.place).toBe("Please tell us your town");
    expect((await ask({ place: "Durham", email: "not-an-address" })).json().errors.email).toBe("Please enter a valid email address");
    const before = (await t.app.db.select().from(townRequests)).length;
    expect((await ask({ place: "Durham", website: "http://spam.example" })).statusCode).toBe(200);
    expect((await t.app.db.select().from(townRequests)).length).toBe(before);
  });

  it("works as an ordinary form without JavaScript: the page comes back with the answer, or the error and what was typed", async () => {
    const post = (fields: Record<string, string>) =>
      t.request({ method: "POST", url: "/api/town-requests", headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, payload: new URLSearchParams(fields).toString() });
    const inlined = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)![1]) as InitialPage;

    const ok = await post({ place: "Wilmington, NC", email: "", website: "", page: "/" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/html/);
    expect(inlined(ok.body)).toMatchObject({ path: "/", form: { form: "town", ok: true, message: "Thanks! We'll keep your town in mind.", values: { place: "Wilmington, NC" } } });
    const counts = (await t.request({ method: "GET", url: "/api/admin/town-requests", headers })).json().data;
    expect(counts.some((c: { place: string }) => c.place.startsWith("Wilmington, North Carolina"))).toBe(true);

    const bad = await post({ place: "x", email: "not-an-address", website: "", page: "/elsewhere" });
    expect(bad.statusCode).toBe(400);
    expect(inlined(bad.body)).toMatchObject({ path: "/", form: { form: "town", ok: false, errors: { place: "Please tell us your town", email: "Please enter a valid email address" }, values: { email: "not-an-address" } } });
  });
});
