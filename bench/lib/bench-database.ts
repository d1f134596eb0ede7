/**
 * What the server benches share: the database to run against and a peak-RSS sampler.
 * PGlite in the bench's data dir by default; with DATABASE_URL, a fresh database on that
 * PostgreSQL server for each run, dropped when it is closed (the URL's own database is only used
 * to create and drop it).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/client";

export const DATABASE_URL = process.env.DATABASE_URL;

/** The app's own switch (openDatabase); `prefix` names the throwaway database ('bench_import_1a2b3c4d'). */
export async function openBenchDatabase(dataDir: string, prefix: string): Promise<{ database: Database; url?: string }> {
  if (!DATABASE_URL) return { database: await openDatabase({ dataDir }) };
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  const database = await openDatabase({ DATABASE_URL: u.toString(), dataDir });
  const close = () => database.close().finally(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { database: { ...database, close }, url: u.toString() };
}

/** Samples process.memoryUsage() every 50 ms; stop() gives the sample with the highest RSS. */
export function rssSampler() {
  let peak = process.memoryUsage();
  const sample = () => {
    if (process.memoryUsage.rss() > peak.rss) peak = process.memoryUsage();
  };
  const timer = setInterval(sample, 50);
  return { stop: () => (clearInterval(timer), sample(), peak) };
}
