/** Query keys a show write must refresh: the admin list and the public home page's lists. */
export const SHOW_LIST_KEYS = ["/api/shows", "/api/shows?upcoming=true"];
