import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "./db-errors";

/**
 * Runs `task` every `ms` in the background, never two at once (a slow run makes the next tick
 * skip), logging a failure under `name` and carrying on. Returns the stop function.
 */
export function every(
  ms: number,
  name: string,
  log: FastifyBaseLogger,
  task: () => Promise<void>,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      // While the database restarts every tick fails alike: a warning, not an error each second.
      if (isDatabaseUnavailable(error)) log.warn({ err: error }, `${name} failed: database unavailable`);
      else log.error({ err: error }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), ms);
  timer.unref();
  return () => clearInterval(timer);
}
