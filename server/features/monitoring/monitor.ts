import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/connect";
import { votingSessions } from "../../db/schema";
import { announceAssessment } from "./announce";
import { updateCurrentSession } from "./sessions";

/**
 * What elections tell monitoring about a voter's progress. Each call updates the voter's current
 * session in the election and re-assesses it. Monitoring watches voting but never stands in its
 * way: a failure here is logged, and the verification or vote goes on as if nothing happened.
 */
export interface VotingMonitor {
  /** `at`: the attempt's time in the verification log (a held pass hides the log from then on). */
  verification(who: VoterInElection, success: boolean, at: Date): Promise<void>;
  /** A vote for a position the voter already voted for (refused by the ballot's unique key). */
  duplicateAttempt(who: VoterInElection): Promise<void>;
}

export interface VoterInElection {
  userId: string;
  electionId: string;
  /** The request's address (request.ip: TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string;
}

type SessionChange = Parameters<typeof updateCurrentSession>[3];

/** Held news released at a seal or a close: the voter was not seen then, so "Last seen" stays. */
const lastSeenKept = { updatedAt: sql`${votingSessions.updatedAt}` };

/** The voter's current session in the election changed, re-assessed, and the assessment announced. */
async function changeSession(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  who: VoterInElection,
  change: SessionChange,
): Promise<void> {
  const assessed = await updateCurrentSession(ctx.db, ctx.clock.now(), who, change);
  if (assessed) await announceAssessment(ctx.bus, assessed);
}

export function votingMonitor(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  log: FastifyBaseLogger,
): VotingMonitor {
  const update = async (who: VoterInElection, change: SessionChange) => {
    try {
      await changeSession(ctx, who, change);
    } catch (error) {
      log.error({ err: error, electionId: who.electionId }, "monitoring: session update failed");
    }
  };
  return {
    // A failure is news at once; a pass comes a second before a vote, so it waits for a seal.
    verification: async (who, success, at) => {
      if (!success) {
        await update(who, {
          verification: "failed",
          failedVerifications: sql`${votingSessions.failedVerifications} + 1`,
        });
        return;
      }
      try {
        await holdVerification(ctx.db, at, who);
      } catch (error) {
        log.error({ err: error, electionId: who.electionId }, "monitoring: verification not held");
      }
    },
    // Only a voter whose vote is in can attempt again: held until a seal discloses them.
    duplicateAttempt: async (who) => {
      try {
        if (await holdDuplicate(ctx.db, who)) return;
      } catch (error) {
        log.error({ err: error, electionId: who.electionId }, "monitoring: duplicate attempt not held");
        return;
      }
      await update(who, { duplicateAttempts: sql`${votingSessions.duplicateAttempts} + 1` });
    },
    // A cast completes the session only when the sealer discloses it, in a batch
    // (completeSessionsDisclosedBy): the moment of one vote is not to be learned here.
  };
}

/**
 * Holds a duplicate attempt (heldDuplicateAttempts) while any of the voter's participations in the
 * election waits for its seal, in one statement; false when all are disclosed (it counts at once).
 */
async function holdDuplicate(db: Db, who: VoterInElection): Promise<boolean> {
  const held = (await db.execute(sql`
    insert into held_duplicate_attempts (election_id, user_id, attempts, ip)
    select ${who.electionId}::uuid, ${who.userId}::uuid, 1, ${who.ip}
    where exists (
      select 1 from participations p
      where p.election_id = ${who.electionId}::uuid and p.user_id = ${who.userId}::uuid and p.seal_id is null)
    on conflict (election_id, user_id)
      do update set attempts = held_duplicate_attempts.attempts + 1, ip = excluded.ip
    returning 1 as held`)) as unknown as { rows: unknown[] };
  return held.rows.length > 0;
}

/** Whether an attempt (a verification_attempts row, by its table or alias) is a pass still held. */
export const heldPass = (attempt: SQL) => sql`(${attempt}.success and exists (
  select 1 from held_verifications h
  where h.election_id = ${attempt}.election_id and h.user_id = ${attempt}.user_id
    and ${attempt}.created_at >= h.since))`;

async function holdVerification(db: Db, at: Date, who: VoterInElection): Promise<void> {
  await db.execute(sql`
    insert into held_verifications (election_id, user_id, since, ip)
    values (${who.electionId}::uuid, ${who.userId}::uuid, ${at}, ${who.ip})
    on conflict (election_id, user_id) do update set ip = excluded.ip`);
}

/**
 * Held passed verifications move to the voter's current session (verification passed, re-assessed,
 * announced; "Last seen" kept), in one batch with what else becomes visible then:
 * - `{ sealId }`: the voters that seal discloses (a participation of theirs is in it);
 * - `{ closed }`: every voter of elections no longer open, whether they voted or not (one election,
 *   or all of them: the worker's pass, which also catches a close by schedule).
 */
export async function discloseHeldVerifications(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  which: { sealId: number } | { closed: string | "all" },
): Promise<void> {
  const due =
    "sealId" in which
      ? sql`exists (select 1 from participations p
          where p.election_id = h.election_id and p.user_id = h.user_id and p.seal_id = ${which.sealId})`
      : sql`exists (select 1 from elections e where e.id = h.election_id and e.status <> 'active'
          ${which.closed === "all" ? sql`` : sql`and e.id = ${which.closed}::uuid`})`;
  const released = (await ctx.db.execute(sql`
    delete from held_verifications h where ${due}
    returning h.election_id, h.user_id, h.ip`)) as unknown as {
    rows: Array<{ election_id: string; user_id: string; ip: string }>;
  };
  for (const { election_id: electionId, user_id: userId, ip } of released.rows)
    await changeSession(ctx, { userId, electionId, ip }, { verification: "passed", ...lastSeenKept });
}

/**
 * After a seal: the held duplicate attempts of the election's voters whose participations are all
 * disclosed now move to their current session, which is re-assessed (the rule may fire) and
 * announced. The seal's batch is the moment they become visible, as the votes behind them did.
 * "Last seen" stays: the voter was not seen at the seal. An attempt held by a voter disclosed by
 * an earlier seal (it came as that seal committed) moves with the next one.
 */
export async function discloseHeldDuplicates(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  electionId: string,
): Promise<void> {
  const released = (await ctx.db.execute(sql`
    delete from held_duplicate_attempts h
    where h.election_id = ${electionId}::uuid
      and not exists (
        select 1 from participations p
        where p.election_id = h.election_id and p.user_id = h.user_id and p.seal_id is null)
    returning h.user_id, h.attempts, h.ip`)) as unknown as {
    rows: Array<{ user_id: string; attempts: number; ip: string }>;
  };
  for (const { user_id: userId, attempts, ip } of released.rows)
    await changeSession(
      ctx,
      { userId, electionId, ip },
      { duplicateAttempts: sql`${votingSessions.duplicateAttempts} + ${attempts}`, ...lastSeenKept },
    );
}
