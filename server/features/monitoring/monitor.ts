import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { votingSessions } from "../../db/schema";
import { announceAssessment } from "./announce";
import { updateCurrentSession } from "./sessions";

/**
 * What elections tell monitoring about a voter's progress. Each call updates the voter's current
 * session in the election and re-assesses it. Monitoring watches voting but never stands in its
 * way: a failure here is logged, and the verification or vote goes on as if nothing happened.
 */
export interface VotingMonitor {
  verification(who: VoterInElection, success: boolean): Promise<void>;
  /** A vote for a position the voter already voted for (refused by the ballot's unique key). */
  duplicateAttempt(who: VoterInElection): Promise<void>;
}

export interface VoterInElection {
  userId: string;
  electionId: string;
  /** The request's address (request.ip: TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string;
}

export function votingMonitor(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  log: FastifyBaseLogger,
): VotingMonitor {
  const update = async (who: VoterInElection, change: Parameters<typeof updateCurrentSession>[3]) => {
    try {
      const assessed = await updateCurrentSession(ctx.db, ctx.clock.now(), who, change);
      if (assessed) await announceAssessment(ctx.bus, assessed);
    } catch (error) {
      log.error({ err: error, electionId: who.electionId }, "monitoring: session update failed");
    }
  };
  return {
    verification: (who, success) =>
      update(
        who,
        success
          ? { verification: "passed" }
          : { verification: "failed", failedVerifications: sql`${votingSessions.failedVerifications} + 1` },
      ),
    duplicateAttempt: (who) =>
      update(who, { duplicateAttempts: sql`${votingSessions.duplicateAttempts} + 1` }),
    // A cast completes the session only when the sealer discloses it, in a batch
    // (completeSessionsDisclosedBy): the moment of one vote is not to be learned here.
  };
}
