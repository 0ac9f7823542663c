import { createRequire } from "node:module";
import path from "node:path";

/**
 * The checkout's root, for files read at run time (web/dist, the migrations). One level up from this
 * module both when it runs from the sources (server/root.ts, through tsx or vitest) and when it runs
 * compiled into dist/server.cjs (scripts/server-build.mjs), where it is the bundle's folder.
 */
export const projectRoot = path.resolve(import.meta.dirname, "..");

/** Finds an npm package's files from the root, in the sources and in the compiled server alike. */
export const requireFromRoot = createRequire(path.join(projectRoot, "package.json"));
