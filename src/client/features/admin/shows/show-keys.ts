import { HOME_SHOWS_KEY } from "@shared/constants";
/** Query keys a show write must refresh: the admin list and the public home page's lists. */
export const SHOW_LIST_KEYS = ["/api/shows", HOME_SHOWS_KEY];
