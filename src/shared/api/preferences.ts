/**
 * The fan's preferences page API (issue 12): public, no account; the personal token from a mail
 * is the authority. 404: the token is unknown; 410: it belonged to a subscription since deleted.
 */
export type { Preferences, PreferencesInput } from "../schemas/preferences";

export const preferencesApi = {
  /** GET ?token= (the fan's own record); PUT {token, name, interests, region}; DELETE {token} (erases the record) */
  item: "/api/preferences",
  /** the GET URL, which is also its query key */
  read: (token: string) => `/api/preferences?token=${encodeURIComponent(token)}`,
  /** POST {token} (or ?token=, RFC 8058 one-click from the welcome mail's header) */
  unsubscribe: "/api/preferences/unsubscribe",
  /** POST {token, confirm: 'yes'}: DELETE for the page's form posted without JavaScript (a form cannot DELETE); POST on `item` is its PUT */
  erase: "/api/preferences/delete",
} as const;
