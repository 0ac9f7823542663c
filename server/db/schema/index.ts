/**
 * The database schema, one file per feature. Everything is re-exported here: code imports `db/schema`
 * and drizzle-kit reads this file (drizzle.config.ts) to find every table.
 */
export * from "./accounts";
export * from "./admin";
export * from "./channels";
export * from "./chat";
export * from "./elections";
export * from "./invitations";
export * from "./monitoring";
export * from "./notices";
export * from "./organizations";
export * from "./outbox";
export * from "./posts";
export * from "./presence";
export * from "./rooms";
export * from "./uploads";
export * from "./verification";
export * from "./voting";
