// The database schema, one file per subject of app/domain (plus the rate limits of app/utils):
// every table, its enums and relations are re-exported here, so code imports "db/schema" and never
// a subject file. drizzle.config.ts reads the subject files themselves (docs/decisions/1180).
export * from "./accounts";
export * from "./rate-limits";
export * from "./billing";
export * from "./payments";
export * from "./services";
export * from "./team";
export * from "./availability";
export * from "./clients";
export * from "./appointments";
export * from "./booking-requests";
export * from "./notifications";
export * from "./cash";
export * from "./calendars";
export * from "./waitlist";
