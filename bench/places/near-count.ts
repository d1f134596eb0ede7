/**
 * 'Fans near a show' bench (issue 24): N placed subscribers (100,000 by default; spread over the
 * continental US, one in five within ~150 miles of the Triangle in North Carolina), a show in
 * Durham, NC, then the newsletter's recipient count for fans within M miles of it (the statement
 * GET /api/newsletter/recipients?nearShowId=&nearMiles= runs: the bounding box on the (lat, lng)
 * index, then the great-circle distance) asked REPEAT times. Prints ms per count (p50, p95, max)
 * and the fans found. Targets: <= 200 ms on PostgreSQL, <= 1 s on PGlite.
 *
 *   npx tsx bench/places/near-count.ts                 # PGlite, 100,000 fans
 *   npx tsx bench/places/near-count.ts 20000           # another size
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/places/near-count.ts
 *   REPEAT=50 MILES=25,100,500 npx tsx bench/places/near-count.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "../../src/server/db/migrate";
import { shows, subscribers } from "../../src/server/db/schema";
import { countRecipients } from "../../src/server/modules/newsletter/repository";
import { DATABASE_URL, openBenchDatabase } from "../lib/bench-database";

const N = Number(process.argv[2] ?? 100_000);
const REPEAT = Number(process.env.REPEAT ?? 20);
const MILES = (process.env.MILES ?? "25,100,250").split(",").map(Number);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-places-"));
const { database } = await openBenchDatabase(dataDir, "bench_places");
try {
  await migrate(database);
  const [show] = await database.db
    .insert(shows)
    .values({ venue: "Motorco", location: "Durham, NC", date: "2031-03-01", time: "8:00 PM", price: "15", ageRestriction: "21+", lat: 35.99403, lng: -78.89862, placeName: "Durham, North Carolina, US" })
    .returning({ id: shows.id });
  let t = Date.now();
  // a cheap deterministic scatter: i * a large odd number, folded into each range
  await database.db.execute(sql`
    insert into ${subscribers} (email, shows_interest, is_verified, is_subscribed, place, lat, lng)
    select 'fan' || i || '@bench.example', i % 4 <> 0, i % 10 < 8, true, 'bench',
      case when i % 5 = 0 then 33.8 + ((i * 7919) % 4000) / 1000.0 else 25 + ((i * 7919) % 24000) / 1000.0 end,
      case when i % 5 = 0 then -81.2 + ((i * 104729) % 5000) / 1000.0 else -124 + ((i * 104729) % 57000) / 1000.0 end
    from generate_series(1::bigint, ${N}::bigint) as i`);
  await database.db.execute(sql`analyze ${subscribers}`);
  console.log(`${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${N.toLocaleString("en-US")} placed subscribers seeded in ${Date.now() - t} ms`);

  for (const miles of MILES) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < REPEAT + 2; i++) {
      t = performance.now();
      found = (await countRecipients(database.db, { targetShows: true, targetReleases: false, targetMerch: false, nearShowId: show.id, nearMiles: miles })).count;
      if (i >= 2) times.push(performance.now() - t); // two warm-up counts
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`within ${miles} miles: ${found.toLocaleString("en-US")} fans; count (verified + waiting, as the route asks) p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${REPEAT}`);
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
