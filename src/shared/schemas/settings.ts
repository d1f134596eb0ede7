import { z } from "zod";
import { SETTING_KEYS } from "../constants";
import { multilineText } from "./text";

export const settingKeyParams = z.object({
  key: z.enum(SETTING_KEYS, { message: "Unknown setting" }),
});

// The spec leaves setting values unvalidated; we only bound their size.
export const settingInput = z.object({
  value: multilineText({ message: "Value must be text" }).max(10_000, "Value is too long (10,000 characters at most)"),
});

export interface Setting {
  key: string;
  value: string | null;
}
