import { and, desc, eq, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { recordSessionInput } from "../../../contract/voting-sessions";
import type { Db, Tx } from "../../db/connect";
import { arrayRows } from "../../db/prepared";
import { elections, votingSessions } from "../../db/schema";
import { type Assessment, assess } from "./assess";
import { otherVotersOnDevice, sharedDevice } from "./rules/sharedDevice";
import type { SessionRow } from "./rules/types";

type SessionChange = PgUpdateSetSource<typeof votingSessions>;

/** Serializes the writers of one voter's sessions in one election (two tabs opening at once make one session). */
const lockVoter = (tx: Tx, userId: string, electionId: string) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`voting-session:${userId}:${electionId}`}, 0))`,
  );

/**
 * Whether the voter may still vote in the election: not voted, the organization not suspended. (A
 * member off the roll who opens it is still recorded: someone at a ballot not theirs is worth watching.)
 */
export async function mayStillVote(
  db: Db,
  userId: string,
  election: { id: string; organizationId: string },
): Promise<boolean> {
  const [[may] = [false]] = await arrayRows<[boolean]>(
    db,
    sql`select
      not exists (select 1 from participations p where p.election_id = ${election.id} and p.user_id = ${userId})
      and not exists (select 1 from organizations o where o.id = ${election.organizationId} and o.status = 'suspended')`,
  );
  return may;
}

/**
 * A voter opened an election channel: their session for this election and device is created, or
 * reused and refreshed (address, device information, and the location when one is given; a null
 * location keeps the last known one). One session per voter, election and device: reopening the
 * channel, even after voting or being blocked, returns to the same session, so a block cannot be
 * escaped by reloading. A session started without a device (a verification or vote sent straight
 * to the API) is adopted by the first device that opens the channel.
 */
export async function recordSession(
  db: Db,
  now: Date,
  session: { userId: string; organizationId: string; electionId: string; ip: string },
  input: z.output<typeof recordSessionInput>,
): Promise<Assessment> {
  return db.transaction(async (tx) => {
    await lockVoter(tx, session.userId, session.electionId);
    const [existing] = await tx
      .select({ id: votingSessions.id })
      .from(votingSessions)
      .where(
        and(
          eq(votingSessions.userId, session.userId),
          eq(votingSessions.electionId, session.electionId),
          or(eq(votingSessions.deviceHash, input.device_hash), eq(votingSessions.deviceHash, "")),
        ),
      )
      .orderBy(sql`${votingSessions.deviceHash} = ${input.device_hash} desc`, desc(votingSessions.updatedAt))
      .limit(1);
    const seen = {
      ipAddress: session.ip,
      deviceHash: input.device_hash,
      deviceInfo: input.device_info,
      updatedAt: now,
      ...(input.location ? { location: input.location } : {}),
    };
    let id = existing?.id;
    if (id) {
      await tx.update(votingSessions).set(seen).where(eq(votingSessions.id, id));
    } else {
      const [created] = await tx
        .insert(votingSessions)
        .values({
          userId: session.userId,
          organizationId: session.organizationId,
          electionId: session.electionId,
          location: input.location,
          createdAt: now,
          ...seen,
        })
        .returning({ id: votingSessions.id });
      id = created?.id;
    }
    if (!id) throw new Error("voting session insert returned nothing");
    return assess(tx, id, now);
  });
}

/**
 * After a voter recorded a session on a device: the other voters' sessions on it whose shared-device
 * reason already fired are re-assessed, so that "also used by N other voters" counts the newcomer
 * and the sessions of one device agree. The rule stays about who came later: a session it has not
 * fired on (the device's first voter) is left as it is. Each in a transaction of its own (its
 * voter's lock, then its row), never two sessions' rows held at once.
 */
export async function reassessDevicePeers(db: Db, now: Date, session: SessionRow): Promise<Assessment[]> {
  if (!session.deviceHash) return [];
  const peers = await db
    .select({ id: votingSessions.id, userId: votingSessions.userId, electionId: votingSessions.electionId })
    .from(votingSessions)
    .where(
      and(
        otherVotersOnDevice(session),
        sql`${votingSessions.riskRules} @> ${JSON.stringify([{ rule: sharedDevice.id }])}::jsonb`,
      ),
    );
  const assessed: Assessment[] = [];
  for (const peer of peers) {
    assessed.push(
      await db.transaction(async (tx) => {
        await lockVoter(tx, peer.userId, peer.electionId ?? "");
        return assess(tx, peer.id, now);
      }),
    );
  }
  return assessed;
}

/**
 * The voters whose participations a seal disclosed have their current session in the election
 * completed (a blocked session stays blocked), right after the seal. Completing at the cast
 * itself would show administrators the moment of each vote, one voter at a time; at the seal it
 * moves in the same batch as turnout and the Voters tab. No re-assessment: a cast changes nothing
 * any rule looks at. updated_at stays: the moment of a vote is not monitoring's to keep.
 */
export async function completeSessionsDisclosedBy(db: Db, electionId: string, sealId: number): Promise<void> {
  await db.execute(sql`
    update voting_sessions v set status = case when v.status = 'blocked' then 'blocked' else 'completed' end
    where v.id in (
      select distinct on (s.user_id) s.id from voting_sessions s
      where s.election_id = ${electionId}::uuid
        and s.user_id in (select p.user_id from participations p where p.election_id = ${electionId}::uuid and p.seal_id = ${sealId})
      order by s.user_id, s.updated_at desc)`);
}

/**
 * Applies a change (a verification outcome, a duplicate attempt, a cast) to the voter's current
 * session in the election, the one seen last, and re-assesses it. A voter who verifies or votes
 * without having opened the channel gets a session here, with the request's address and no device.
 * "Last seen" (updated_at) becomes now unless the change says otherwise (held duplicate attempts
 * released by a seal keep it).
 */
export async function updateCurrentSession(
  db: Db,
  now: Date,
  who: { userId: string; electionId: string; ip: string },
  change: SessionChange,
): Promise<Assessment | null> {
  return db.transaction(async (tx) => {
    await lockVoter(tx, who.userId, who.electionId);
    const [current] = await tx
      .select({ id: votingSessions.id })
      .from(votingSessions)
      .where(and(eq(votingSessions.userId, who.userId), eq(votingSessions.electionId, who.electionId)))
      .orderBy(desc(votingSessions.updatedAt))
      .limit(1);
    let id = current?.id;
    if (!id) {
      const [election] = await tx
        .select({ organizationId: elections.organizationId })
        .from(elections)
        .where(eq(elections.id, who.electionId));
      if (!election) return null;
      const [created] = await tx
        .insert(votingSessions)
        .values({
          userId: who.userId,
          organizationId: election.organizationId,
          electionId: who.electionId,
          ipAddress: who.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: votingSessions.id });
      id = created?.id;
    }
    if (!id) throw new Error("voting session insert returned nothing");
    await tx
      .update(votingSessions)
      .set({ updatedAt: now, ...change })
      .where(eq(votingSessions.id, id));
    return assess(tx, id, now);
  });
}
