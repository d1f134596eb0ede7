/** Settings (spec section 7): one key at a time, public reads; a Settings section saves several at once (issue 21). */
import type { SettingKey } from "../constants";
export type { Setting } from "../schemas/settings";
export { SETTING_KEYS, type SettingKey } from "../constants";

export const settingsApi = {
  /** GET (admin): every stored setting; PUT (admin): several settings at once, key -> value */
  all: "/api/settings",
  /** GET (public), PUT (admin) */
  item: (key: SettingKey) => `/api/settings/${key}`,
} as const;
