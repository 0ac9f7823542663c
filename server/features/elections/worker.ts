import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { every } from "../../lib/every";
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
  return every(TICK_MS, "election worker", log, async () => {
    const changed = await applySchedule(ctx.db, ctx.clock);
    await sealPending(ctx.db);
    for (const row of changed) {
      log.info({ election: row.id, status: row.status }, `election ${row.status}`);
      await announceElection(ctx.bus, row);
    }
  });
}
