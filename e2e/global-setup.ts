import type { TestProject } from "vitest/node";
import { ensureChromium } from "../scripts/chromium";
import { startE2eApp } from "./app";
import { startStallLog } from "./stalls";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** The full browser, for the journey that needs what the headless shell lacks (scripts/chromium.ts). */
    fullChromiumPath: string;
    /** The web app the run's app serves, for a journey that starts an app of its own. */
    webDist: string | undefined;
  }
}

/** Once per run: Chromium found (or installed), the web app built, and the real app serving it on a fresh database. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const fullChromiumPath = ensureChromium("full");
  startStallLog();
  const app = await startE2eApp();
  project.provide("baseURL", app.baseURL);
  project.provide("chromiumPath", chromiumPath);
  project.provide("fullChromiumPath", fullChromiumPath);
  project.provide("webDist", app.webDist);
  return app.stop;
}
