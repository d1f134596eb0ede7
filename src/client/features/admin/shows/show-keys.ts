import { HOME_SHOWS_KEY, UPCOMING_SHOWS_KEY, pastShowsKey } from "@shared/constants";
import { SHOW_STATUSES, SHOW_STATUS_LABELS } from "@shared/show-status";
/** Query keys a show write must refresh: the admin list and the public lists (home, /shows). */
export const SHOW_LIST_KEYS = ["/api/shows", HOME_SHOWS_KEY, UPCOMING_SHOWS_KEY, pastShowsKey()];

/** The status choices of the form and of the table's quick select. */
export const STATUS_OPTIONS = SHOW_STATUSES.map((value) => ({ value, label: SHOW_STATUS_LABELS[value] }));
