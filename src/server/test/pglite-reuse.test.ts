import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { shows } from "../db/schema";
import { createTestApp, freshDatabase, type TestApp } from "./app";

// A test app's PGlite database is emptied and handed to the next test app (pglite-reuse.ts): the
// next app must find what a fresh copy of the template holds, and nothing its predecessor did.
// PostgreSQL runs make each database from the template database instead.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a PGlite database given back by a test app", () => {
  const SHOW = { venue: "The Pour House", location: "Raleigh, NC", date: "2031-01-05", time: "8:00 PM", price: "15", ageRestriction: "21+" };
  const countShows = async (t: TestApp) => (await t.database.db.select().from(shows)).length;
  const rowsOf = async <T>(t: { database: TestApp["database"] }, query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  test("the next test app gets it empty, its ids starting again at 1, and signs in", async () => {
    const first = await createTestApp();
    const headers = await first.adminHeaders();
    for (let i = 0; i < 3; i++) {
      const res = await first.request({ method: "POST", url: "/api/shows", headers, payload: SHOW });
      expect(res.statusCode, res.body).toBe(201);
    }
    await first.database.db.execute(sql`set statement_timeout = 1`);
    const firstDatabase = first.database;
    await first.close();

    const next = await createTestApp();
    expect(next.database).toBe(firstDatabase); // the same database, reused
    expect(await countShows(next)).toBe(0);
    const [{ timeout }] = await rowsOf<{ timeout: string }>(next, sql`select current_setting('statement_timeout') as timeout`);
    expect(timeout).toBe("0"); // the session's settings are the template's again
    const created = await next.request({ method: "POST", url: "/api/shows", headers: await next.adminHeaders(), payload: SHOW });
    expect(created.json().data.id).toBe(1);
    await next.close();
  });

  test("one whose schema a test altered is closed, and the next app gets a copy of the template", async () => {
    const altered = await createTestApp();
    await altered.database.db.execute(sql`alter table shows add column left_over text`);
    const alteredDatabase = altered.database;
    await altered.close();

    const next = await createTestApp();
    expect(next.database).not.toBe(alteredDatabase);
    const columns = (await rowsOf<{ column_name: string }>(next, sql`select column_name from information_schema.columns where table_name = 'shows'`)).map((r) => r.column_name);
    expect(columns).not.toContain("left_over");
    await expect(alteredDatabase.db.execute(sql`select 1`)).rejects.toThrow();
    await next.close();
  });

  test("a test app closed twice hands its database on once: the two apps after it get two databases", async () => {
    const twice = await createTestApp();
    await twice.close();
    await twice.close();
    const [a, b] = [await createTestApp(), await createTestApp()];
    expect(a.database).not.toBe(b.database);
    await a.close();
    await b.close();
  });

  test("one its test closed itself is not handed on", async () => {
    const closedByItsTest = await createTestApp();
    await closedByItsTest.database.close();
    const closedDatabase = closedByItsTest.database;
    await closedByItsTest.close();

    const database = await freshDatabase();
    expect(database).not.toBe(closedDatabase);
    expect(await rowsOf({ database }, sql`select 1 as one`)).toHaveLength(1);
    await database.close();
  });
});
