import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { verifierInputs } from "../web/build/verifierFile";
import { newestMtime } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const sources = [
  "web/src",
  "web/index.html",
  "web/public",
  "web/vite.config.ts",
  "web/build",
  "contract",
  "package-lock.json",
];
const builtIndex = path.join(root, "web/dist/index.html");

/**
 * The files outside web/ that the build bundles too: the board's verifier's (web/build/verifierFile.ts
 * lists them as it builds); null when that list is missing, which makes the build stale.
 */
function verifierSources(): string[] | null {
  try {
    return JSON.parse(readFileSync(verifierInputs, "utf8")) as string[];
  } catch {
    return null;
  }
}

/** True when web/dist is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  const verifier = verifierSources();
  if (!existsSync(builtIndex) || !verifier) return true;
  const built = statSync(builtIndex).mtimeMs;
  return [...sources, ...verifier].some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * webBuildIsStale, its stats sent all at once to libuv's threads: `npm start` runs it while the
 * main thread opens the database, so the check costs the start next to nothing.
 */
async function webBuildIsStaleAsync(): Promise<boolean> {
  const built = await stat(builtIndex).catch(() => null);
  const verifier = verifierSources();
  if (!built || !verifier) return true;
  const times = await Promise.all(
    [...sources, ...verifier].map((source) => newestMtimeAsync(path.join(root, source))),
  );
  return times.some((time) => time > built.mtimeMs);
}

async function newestMtimeAsync(target: string): Promise<number> {
  const found = await stat(target).catch(() => null);
  if (!found) return 0;
  if (!found.isDirectory()) return found.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtimeAsync(path.join(target, entry))));
  return Math.max(found.mtimeMs, ...times);
}

/** Builds the web app when it is missing or stale; quick when nothing changed. */
export async function ensureWebBuild(): Promise<void> {
  if (!(await webBuildIsStaleAsync())) return;
  console.log("Building the web app (web/dist is missing or older than its sources)...");
  await productionBuild();
  console.log("Web app built.");
}

/** Builds the web app into web/dist whatever its state (npm run build). */
export async function buildWeb(): Promise<void> {
  await productionBuild();
}

/** Builds the web app into a folder of its own (for browser tests that run beside other work). */
export async function buildWebInto(outDir: string): Promise<void> {
  await productionBuild({ outDir, emptyOutDir: true });
}

/**
 * The web app as users get it, whoever builds it. Vite keeps a NODE_ENV it finds set, and Vitest
 * sets it to `test`: a build from a test run (the journeys' first) was React's development build,
 * its JSX dev runtime and StrictMode's double renders included: not what users get, and a journey
 * took a fifth longer on it. So NODE_ENV is `production` for the build, and put back after it.
 */
async function productionBuild(build?: { outDir: string; emptyOutDir: boolean }) {
  const { build: viteBuild } = await import("vite");
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await viteBuild({
      configFile: path.join(root, "web/vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      ...(build && { build }),
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
