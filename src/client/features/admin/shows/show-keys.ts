import { HOME_SHOWS_KEY, UPCOMING_SHOWS_KEY, pastShowsKey } from "@shared/constants";
/** Query keys a show write must refresh: the admin list and the public lists (home, /shows). */
export const SHOW_LIST_KEYS = ["/api/shows", HOME_SHOWS_KEY, UPCOMING_SHOWS_KEY, pastShowsKey()];
