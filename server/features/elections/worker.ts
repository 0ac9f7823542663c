import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { every } from "../../lib/every";
import { discloseHeldDuplicates, discloseHeldVerifications } from "../monitoring/monitor";
import { announceElection, applySchedule } from "./lifecycle";
import { sendScheduledNotices } from "./scheduled-notices";
import { sealPending } from "./sealing";

const TICK_MS = 1000;

/**
 * Seals what is due and tells the organizations' screens (`election.sealed`: turnout and "voted"
 * moved by a batch). A position whose waiting ballots and voters differ is refused and reported
 * here (counts only) every time the sealer looks, until someone investigates.
 */
export async function sealAndAnnounce(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  log: FastifyBaseLogger,
  options: { electionId?: string } = {},
): Promise<void> {
  const outcome = await sealPending(ctx.db, options);
  for (const refused of outcome.refused) {
    log.error(
      {
        election: refused.electionId,
        position: refused.positionId,
        ballots: refused.ballots,
        participations: refused.participations,
      },
      "sealer refused: waiting ballots and voters who took part differ (run verify-election)",
    );
  }
  if (outcome.stopped)
    log.error(
      { err: outcome.stopped, seals: outcome.seals.length },
      "sealer stopped after some of a backlog's seals; the rest waits for its next pass",
    );
  // Monitoring hears of the disclosed voters' held duplicate attempts, once per election sealed,
  // and of their held verifications; a closed election's voters' verifications all show then.
  for (const electionId of new Set(outcome.seals.map((seal) => seal.electionId)))
    await discloseHeldDuplicates(ctx, electionId);
  for (const seal of outcome.seals) await discloseHeldVerifications(ctx, { sealId: seal.sealId });
  await discloseHeldVerifications(ctx, { closed: options.electionId ?? "all" });
  for (const seal of outcome.seals) {
    await ctx.bus.publish(`org:${seal.organizationId}`, "election.sealed", {
      election_id: seal.electionId,
      organization_id: seal.organizationId,
      sequence: seal.sequence,
      root: seal.root,
    });
  }
}

/**
 * Opens and closes elections at their start and end (by the injected clock), seals new ballots
 * and sends the announcements and scheduled reminders that are due, about once a second. Each
 * step is safe with several processes running it.
 */
export function startElectionWorker(
  ctx: Pick<AppContext, "db" | "clock" | "bus" | "publicOrigin">,
  log: FastifyBaseLogger,
): () => void {
  return every(TICK_MS, "election worker", log, async () => {
    const changed = await applySchedule(ctx.db, ctx.clock, ctx.publicOrigin);
    await sealAndAnnounce(ctx, log);
    await sendScheduledNotices(ctx.db, ctx.clock, ctx.publicOrigin);
    for (const row of changed) {
      log.info({ election: row.id, status: row.status }, `election ${row.status}`);
      await announceElection(ctx.bus, row);
    }
  });
}
