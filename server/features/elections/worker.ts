import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { announceElection, applySchedule } from "./lifecycle";
import { sealPending } from "./sealing";

const TICK_MS = 1000;

/**
 * Opens and closes elections at their start and end (by the injected clock) and seals new
 * ballots, about once a second. Each step is safe with several processes running it.
 */
export function startElectionWorker(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const changed = await applySchedule(ctx.db, ctx.clock);
      await sealPending(ctx.db);
      for (const row of changed) {
        log.info({ election: row.id, status: row.status }, `election ${row.status}`);
        await announceElection(ctx.bus, row);
      }
    } catch (error) {
      log.error({ err: error }, "election worker failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
