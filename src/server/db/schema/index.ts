export * from "./content";
export * from "./people";
export * from "./mail";
export * from "./rate-limits";
export * from "./back-office";
export * from "./backups";
export * from "./cache-versions";
export * from "./stats";
