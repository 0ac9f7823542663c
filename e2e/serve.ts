import { startE2eApp } from "./app";

/**
 * The run's shared app in a process of its own (global-setup.ts forks it): in Vitest's main
 * process it shared the event loop with the transforms of every worker's modules, and a journey's
 * page waited while they ran. Tells its parent where it listens, and stops when told to.
 */
export interface Serving {
  baseURL: string;
  webDist: string | undefined;
}

const app = await startE2eApp();
process.send?.({ baseURL: app.baseURL, webDist: app.webDist } satisfies Serving);
// The parent's "stop", or the parent gone (its channel closed): stop cleanly, removing its folders.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.stop();
  process.exit(0);
};
process.on("message", stop);
process.on("disconnect", stop);
