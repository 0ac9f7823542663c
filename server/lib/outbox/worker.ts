import { every } from "../every";
import { type Delivery, deliverDue } from "./deliver";

const TICK_MS = 500;

/**
 * Sends the outbox in the background: every half second, batch after batch while there is more due.
 * Safe with any number of processes on one database (deliver.ts: claims and leases). Returns the
 * stop function; its promise settles when the batch being sent has finished and been recorded, so
 * shutdown awaits it before closing the transports and the database.
 */
export function startOutboxWorker(delivery: Delivery): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const stop = every(TICK_MS, "outbox worker", delivery.log, async () => {
    const batch = delivery.batch ?? 100;
    while (!stopped) {
      const sending = deliverDue(delivery);
      running = sending.catch(() => undefined);
      const outcome = await sending;
      if (outcome.claimed < batch) return;
    }
  });
  return async () => {
    stopped = true;
    stop();
    await running;
  };
}
