import { z } from "zod";
import { SETTING_KEYS, type SettingKey } from "../constants";
import { dataAnswer, savedAnswer } from "./answers";
import { multilineText } from "./text";

export const settingKeyParams = z.object({
  key: z.enum(SETTING_KEYS, { message: "Unknown setting" }),
});

// The spec leaves setting values unvalidated; we only bound their size.
export const settingInput = z.object({
  value: multilineText({ message: "Value must be text" }).max(10_000, "Value is too long (10,000 characters at most)"),
});

/** One setting as GET/PUT /api/settings/{key} send it; null: never set (the built-in default applies). */
export const settingRecord = z.object({ key: z.string(), value: z.string().nullable() });
export type Setting = z.input<typeof settingRecord>;

export const settingAnswers = {
  item: dataAnswer(settingRecord),
  /** GET /api/settings: every stored setting by key */
  all: dataAnswer(z.record(z.string(), z.string())),
  saved: savedAnswer(settingRecord),
};

/** The zone's canonical IANA name ('america/new_york' -> 'America/New_York'), or null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Rules for the few settings whose value has a meaning the server relies on: the value to
 * store, or the message of a 400. An empty value means "use the built-in default".
 */
export function checkSettingValue(key: SettingKey, value: string): { ok: true; value: string } | { ok: false; message: string } {
  if (key === "timezone" && value.trim() !== "") {
    const zone = canonicalTimeZone(value);
    if (!zone) return { ok: false, message: `Unknown time zone '${value.trim().slice(0, 60)}'. Use an IANA name such as America/New_York or Europe/Berlin.` };
    return { ok: true, value: zone };
  }
  return { ok: true, value };
}
