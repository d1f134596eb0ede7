export * from "./content";
export * from "./people";
export * from "./mail";
export * from "./rate-limits";
