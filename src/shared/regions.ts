/**
 * Where a fan lives, so a band can write only to the fans near a new show (issue 12).
 * A region is a US state as ISO 3166-2 ('US-NC') or, outside the US, a country as
 * ISO 3166-1 alpha-2 ('DE'). The subscribe form, the preferences page, the subscribers table
 * and the newsletter's region filter all use these codes and names.
 */

export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
  CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia",
  HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa", KS: "Kansas",
  KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts",
  MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico",
  NY: "New York", NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma",
  OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota",
  TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont", VA: "Virginia", WA: "Washington",
  WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
};

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories other than the US (data, not
 * logic: Intl has names for region codes but no list of them). Names come from
 * Intl.DisplayNames, so they read the way the fan's browser and the server's ICU write them.
 */
const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

export interface RegionOption {
  code: string;
  name: string;
}

/** The 50 states and DC, by name. */
export const US_STATE_OPTIONS: readonly RegionOption[] = Object.entries(US_STATES)
  .map(([st, name]) => ({ code: `US-${st}`, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** Every other country, by name. */
export const COUNTRY_OPTIONS: readonly RegionOption[] = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

const ALL = new Map<string, string>([...US_STATE_OPTIONS, ...COUNTRY_OPTIONS].map((r) => [r.code, r.name]));

export const isRegionCode = (code: string): boolean => ALL.has(code);

/** 'North Carolina', 'Germany'; an unknown code is shown as it is. */
export const regionName = (code: string | null | undefined): string => (code ? (ALL.get(code) ?? code) : "");

/** 'US-NC' is a state; 'DE' is outside the US. */
export const isUsState = (code: string) => code.startsWith("US-");

/**
 * The region of a show's location as the spec writes it ('Greenville, NC'): the state of a
 * trailing two-letter US state code, else null (a show abroad has no code to read).
 */
export function regionOfLocation(location: string | null | undefined): string | null {
  const m = /,\s*([A-Za-z]{2})\s*$/.exec(location ?? "");
  if (!m) return null;
  const st = m[1].toUpperCase();
  return US_STATES[st] ? `US-${st}` : null;
}
