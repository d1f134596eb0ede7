const MAX_LENGTH = 200;
const FALLBACK = "upload";

/*
 * Characters that have no place in a displayed file name: controls (NUL makes PostgreSQL refuse
 * the row), format characters (bidi overrides can make "evil\u202Egnp.exe" read as "evilexe.png",
 * zero-width characters hide differences), line and paragraph separators, lone surrogates
 * (not valid UTF-8), and the noncharacters U+FFFE/U+FFFF.
 */
const UNWANTED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\uFFFE\uFFFF]/gu;

/**
 * The client's file name as data for the media list: never a path, never a reason to refuse an
 * upload. Directory parts go, unwanted characters go, whitespace is collapsed, the length is
 * bounded (keeping the extension), and what is left empty becomes "upload".
 */
export function cleanOriginalName(raw: unknown): string {
  if (typeof raw !== "string") return FALLBACK;
  // line breaks and tabs separate words: they become spaces, the rest simply goes
  let name = raw.normalize("NFC").replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ").replace(UNWANTED, "");
  name = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  name = name.replace(/\s+/g, " ").trim();
  if (/^\.*$/.test(name)) return FALLBACK;
  const chars = Array.from(name); // code points, so a pair is never cut in half
  if (chars.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 0 && ext.length <= 16) return chars.slice(0, MAX_LENGTH - ext.length).join("").trimEnd() + ext.join("");
  return chars.slice(0, MAX_LENGTH).join("").trimEnd();
}
