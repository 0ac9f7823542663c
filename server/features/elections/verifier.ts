import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ballots, elections, seals } from "../../db/schema";
import { definitionHashOf } from "./definition";
import { chainRoot, chainStart, tallyOf } from "./sealing";

/** A chain head someone saw (on a receipt or the board): seal `sequence` had root `root`. */
export interface WitnessedHead {
  sequence: number;
  root: string;
}

/** `<sequence>:<root>`, as receipts and the board show a head. */
export function parseHead(text: string): WitnessedHead | null {
  const match = /^(\d+):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { sequence: Number(match[1]), root: (match[2] as string).toLowerCase() } : null;
}

export interface VerificationReport {
  electionId: string;
  title: string;
  status: string;
  ballots: number;
  participations: number;
  seals: number;
  unsealed: number;
  heads: number;
  problems: string[];
}

interface PositionCount {
  position_id: string;
  ballots: number;
  sealed: number;
  participations: number;
  disclosed: number;
}

/**
 * Recomputes the election's definition hash from its stored questions (the chain starts at it),
 * every seal and every tally of an election from its stored ballots; holds the ballots
 * against the participations, position by position (never more ballots than voters who took
 * part; as many once voting has ended, and all sealed); and checks that each head someone
 * witnessed is on the chain, which catches a chain recomputed after a change. Says what differs.
 */
export async function verifyElectionIntegrity(
  db: Db,
  electionId: string,
  options: { heads?: WitnessedHead[] } = {},
): Promise<VerificationReport> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) throw new Error(`No election with id ${electionId}`);
  const all = await db.select().from(ballots).where(eq(ballots.electionId, electionId));
  const chain = await db
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(asc(seals.sequence));
  const problems: string[] = [];
  // The chain starts at the definition fixed when voting opened: questions changed since break it.
  if (
    election.definitionHash !== null &&
    (await definitionHashOf(db, electionId)) !== election.definitionHash
  )
    problems.push(
      "the election's questions differ from the definition fixed when voting opened (a method, seat count, threshold or candidate was changed)",
    );
  let previous = chainStart(election.definitionHash);
  for (const [index, seal] of chain.entries()) {
    const batch = all.filter((b) => b.sealId === seal.id);
    if (seal.sequence !== index + 1)
      problems.push(`seal ${seal.sequence}: out of sequence (expected ${index + 1})`);
    if (seal.previousRoot !== previous)
      problems.push(
        index === 0
          ? `seal ${seal.sequence}: does not chain from the election's definition (the questions it is counted with)`
          : `seal ${seal.sequence}: does not chain to the seal before it`,
      );
    if (batch.length !== seal.ballotCount) {
      problems.push(`seal ${seal.sequence}: covers ${batch.length} ballots, recorded ${seal.ballotCount}`);
    }
    const root = chainRoot(seal.previousRoot, batch);
    if (root !== seal.root)
      problems.push(
        `seal ${seal.sequence}: root differs from its ballots (a ballot was altered, added or removed)`,
      );
    const recount = tallyOf(batch);
    for (const candidate of new Set([...Object.keys(recount), ...Object.keys(seal.tally)])) {
      if ((recount[candidate] ?? 0) !== (seal.tally[candidate] ?? 0)) {
        problems.push(
          `seal ${seal.sequence}: candidate ${candidate} has ${recount[candidate] ?? 0} ballots, the seal recorded ${seal.tally[candidate] ?? 0}`,
        );
      }
    }
    previous = seal.root;
  }
  const orphans = all.filter((b) => b.sealId !== null && !chain.some((s) => s.id === b.sealId));
  if (orphans.length > 0) problems.push(`${orphans.length} ballots point to a seal that does not exist`);

  for (const head of options.heads ?? []) {
    const seal = chain.find((s) => s.sequence === head.sequence);
    if (!seal)
      problems.push(`witnessed head ${head.sequence}: no such seal on the chain (a seal was removed)`);
    else if (seal.root !== head.root)
      problems.push(`witnessed head ${head.sequence}: the chain's root differs (the chain was recomputed)`);
  }

  const counts = await positionCounts(db, electionId);
  const ended = election.status !== "active" && election.status !== "upcoming";
  for (const position of counts) {
    const where = `position ${position.position_id}`;
    if (position.ballots > position.participations)
      problems.push(
        `${where}: ${position.ballots} ballots but only ${position.participations} voters took part (a ballot was added)`,
      );
    else if (ended && position.ballots < position.participations)
      problems.push(
        `${where}: ${position.participations} voters took part but only ${position.ballots} ballots remain (a ballot was removed)`,
      );
    if (position.sealed !== position.disclosed)
      problems.push(
        `${where}: seals hold ${position.sealed} ballots but disclosed ${position.disclosed} voters' participations`,
      );
    if (ended && position.ballots > position.sealed)
      problems.push(`${where}: ${position.ballots - position.sealed} ballots still unsealed after the close`);
  }
  const dangling = await danglingParticipations(db, electionId);
  if (dangling > 0) problems.push(`${dangling} participations were disclosed by a seal that does not exist`);

  return {
    electionId,
    title: election.title,
    status: election.status,
    ballots: all.length,
    participations: counts.reduce((sum, p) => sum + p.participations, 0),
    seals: chain.length,
    unsealed: all.filter((b) => b.sealId === null).length,
    heads: options.heads?.length ?? 0,
    problems,
  };
}

/** Per position of the election: ballots (all, sealed) and participations (all, disclosed). */
async function positionCounts(db: Db, electionId: string): Promise<PositionCount[]> {
  const result = (await db.execute(sql`
    select pos.id as position_id,
      (select count(*)::int from ballots b where b.position_id = pos.id) as ballots,
      (select count(*)::int from ballots b where b.position_id = pos.id and b.seal_id is not null) as sealed,
      (select count(*)::int from participations p where p.position_id = pos.id) as participations,
      (select count(*)::int from participations p where p.position_id = pos.id and p.seal_id is not null) as disclosed
    from election_positions pos where pos.election_id = ${electionId}::uuid
    order by pos.sort_order`)) as unknown as { rows: PositionCount[] };
  return result.rows;
}

async function danglingParticipations(db: Db, electionId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from participations p
    where p.election_id = ${electionId}::uuid and p.seal_id is not null
      and not exists (select 1 from seals s where s.id = p.seal_id and s.election_id = p.election_id)`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]?.n ?? 0;
}
