import { existsSync, statSync } from "node:fs";
import path from "node:path";
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

/** True when web/dist is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Builds the web app when it is missing or stale; quick when nothing changed. */
export async function ensureWebBuild(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log("Building the web app (web/dist is missing or older than its sources)...");
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "web/vite.config.ts"), logLevel: "warn" });
  console.log("Web app built.");
}

/** Builds the web app into a folder of its own (for browser tests that run beside other work). */
export async function buildWebInto(outDir: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: path.join(root, "web/vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
}
