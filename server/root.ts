import path from "node:path";

/**
 * The checkout's root, for files read at run time (web/dist, the migrations). One level up from this
 * module both when it runs from the sources (server/root.ts, through tsx or vitest) and when it runs
 * compiled into dist/server.mjs (scripts/server-build.mjs), where import.meta is the bundle's.
 */
export const projectRoot = path.resolve(import.meta.dirname, "..");
