/**
 * A route's `:id` as the number the contract's paths take. Anything but digits becomes NaN, whose
 * GET the server refuses with a 400 like any malformed id (so '1e3' or '0x1' never load record 1000 or 1).
 */
export const routeId = (param: string | undefined) => (param && /^\d+$/.test(param) ? Number(param) : NaN);
