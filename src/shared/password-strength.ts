import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * How guessable a password is (OWASP ASVS 5.0 V6.2): refused when it is on the common-password
 * list shipped by @zxcvbn-ts/language-common (about 49,000 passwords seen in breaches) or when
 * zxcvbn estimates fewer than a million guesses (repeats, sequences, keyboard rows, a common
 * word with small changes). No composition rules: length and unpredictability are what count.
 *
 * This module carries the dictionary (a few hundred kB): the server imports it, the admin client
 * loads it lazily for the strength meter, and public pages never import it.
 */

export type StrengthLabel = "very weak" | "weak" | "fair" | "good" | "strong";

export interface PasswordStrength {
  /** zxcvbn's 0..4 */
  score: 0 | 1 | 2 | 3 | 4;
  label: StrengthLabel;
  /** why the server will refuse it, or null when it is acceptable */
  problem: string | null;
}

/** Below this zxcvbn score (under 10^6 guesses) a password is refused. */
export const MIN_PASSWORD_SCORE = 2;

export const TOO_COMMON = "This password is too common. Choose a less predictable one.";

const LABELS: StrengthLabel[] = ["very weak", "weak", "fair", "good", "strong"];

// zxcvbn's warning keys (no translation package loaded) -> what the admin reads.
const WARNINGS: Record<string, string> = {
  topTen: TOO_COMMON,
  topHundred: TOO_COMMON,
  common: TOO_COMMON,
  similarToCommon: "This password is a common password with small changes. Choose a less predictable one.",
  simpleRepeat: "This password repeats the same characters. Choose a less predictable one.",
  extendedRepeat: "This password repeats the same pattern. Choose a less predictable one.",
  sequences: "This password is a simple sequence like abcd or 1234. Choose a less predictable one.",
  straightRow: "This password is a row of keys on the keyboard. Choose a less predictable one.",
  keyPattern: "This password is a keyboard pattern. Choose a less predictable one.",
  recentYears: "This password is mostly a year. Choose a less predictable one.",
  dates: "This password is mostly a date. Choose a less predictable one.",
  userInputs: "This password is too close to the username. Choose a less predictable one.",
};
const TOO_GUESSABLE = "This password is too easy to guess. Add a few unrelated words to make it stronger.";

let zxcvbn: ZxcvbnFactory | undefined;
let common: Set<string> | undefined;

let keepDictionaries = true;

/**
 * The server checks a password a few times a month (ADMIN_PASSWORD at start, a new admin, a
 * reset): keeping the ranked dictionaries for that would hold about 5 MB of its heap for good.
 * After this call each check builds them (some 30 ms) and lets them go. The browser's strength
 * meter checks on every keystroke and keeps them.
 */
export function dropDictionariesAfterEachCheck() {
  keepDictionaries = false;
  zxcvbn = undefined;
  common = undefined;
}

// Built on first use: turning the dictionary into ranked lists costs some 30 ms.
function factory(): ZxcvbnFactory {
  const built = zxcvbn ?? new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  if (keepDictionaries) zxcvbn = built;
  return built;
}

/** On the breached/common-password list, ignoring case (the list itself is lower case). */
export function isCommonPassword(password: string): boolean {
  const list = common ?? new Set(dictionary["passwords-common"]);
  if (keepDictionaries) common = list;
  return list.has(password.toLowerCase());
}

/** userInputs: words particular to this account (the username) that make a password guessable. */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const result = factory().check(password, userInputs.filter(Boolean));
  const score = result.score;
  const isCommon = isCommonPassword(password);
  const weak = isCommon || score < MIN_PASSWORD_SCORE;
  return {
    score: isCommon ? 0 : score,
    label: LABELS[isCommon ? 0 : score],
    problem: !weak ? null : isCommon ? TOO_COMMON : (WARNINGS[result.feedback.warning ?? ""] ?? TOO_GUESSABLE),
  };
}

/** Why the server refuses this password, or null. */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  return passwordStrength(password, userInputs).problem;
}
