/** Query keys a merchandise write must refresh: the admin list, which is also the public one. */
export const MERCH_LIST_KEYS = ["/api/merchandise"];
