import { fork } from "node:child_process";
import { once } from "node:events";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../scripts/chromium";
import type { Serving } from "./serve";
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

/**
 * Once per run: Chromium found (or installed), the web app built, and the real app serving it on a
 * fresh database, in a process of its own (serve.ts).
 */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const fullChromiumPath = ensureChromium("full");
  startStallLog();
  const app = fork(new URL("./serve.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [serving] = (await Promise.race([
    once(app, "message"),
    once(app, "exit").then(([code]) => {
      throw new Error(`the journeys' app stopped before it listened (exit code ${code})`);
    }),
  ])) as [Serving];
  project.provide("baseURL", serving.baseURL);
  project.provide("chromiumPath", chromiumPath);
  project.provide("fullChromiumPath", fullChromiumPath);
  project.provide("webDist", serving.webDist);
  return async () => {
    const exited = once(app, "exit");
    app.send("stop");
    await exited;
  };
}
