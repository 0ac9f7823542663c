import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ballots, elections, seals } from "../../db/schema";
import { sha256 } from "../../lib/crypto";

/** The root before an election's first seal. */
export const GENESIS = "0".repeat(64);
/** One sealer at a time across processes. */
const SEALER_LOCK = 7265002;

type BallotRow = Pick<
  typeof ballots.$inferSelect,
  "electionId" | "positionId" | "candidateId" | "receiptHash"
>;

export function ballotHash(ballot: BallotRow): string {
  return sha256(`${ballot.electionId}|${ballot.positionId}|${ballot.candidateId}|${ballot.receiptHash}`);
}

/** root = H(previous root ‖ H(ballot)…) over the batch ordered by receipt hash (an order that says nothing of time). */
export function chainRoot(previousRoot: string, batch: BallotRow[]): string {
  const ordered = [...batch].sort((a, b) => (a.receiptHash < b.receiptHash ? -1 : 1));
  return sha256(previousRoot + ordered.map(ballotHash).join(""));
}

export function tallyOf(batch: BallotRow[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const ballot of batch) tally[ballot.candidateId] = (tally[ballot.candidateId] ?? 0) + 1;
  return tally;
}

/**
 * While an election is open, a seal waits until its batch holds the ballots of at least this many
 * voters (per position). A seal's time is public and a voter's moment of voting is visible to
 * administrators (the Voters tab, monitoring): sealing each ballot on its own would let them pair
 * the two and read the choice. A batch of ten hides each voter among ten. Once voting ends, the
 * rest is sealed whatever its size (the tallies are public then anyway).
 */
export const SEAL_MIN_VOTERS = 10;

/**
 * Appends a seal for each election's unsealed ballots, when there are enough of them (above) or
 * the election has closed. It runs apart from casting (about once a second and when an election
 * closes), so voters never wait on it; an advisory lock keeps one sealer at a time across
 * processes. Returns the number of ballots sealed.
 */
export async function sealPending(db: Db, options: { minVoters?: number } = {}): Promise<number> {
  const minVoters = options.minVoters ?? SEAL_MIN_VOTERS;
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SEALER_LOCK}) as ok`);
    if (!(locked as { rows: Array<{ ok: boolean }> }).rows[0]?.ok) return 0;
    const waiting = (await tx.execute(sql`
      select b.election_id, count(*)::int as ballots, count(distinct b.position_id)::int as positions,
             e.status = 'active' as open
      from ballots b join elections e on e.id = b.election_id
      where b.seal_id is null
      group by b.election_id, e.status`)) as {
      rows: Array<{ election_id: string; ballots: number; positions: number; open: boolean }>;
    };
    const pending = waiting.rows
      .filter((row) => !row.open || row.ballots >= minVoters * row.positions)
      .map((row) => ({ electionId: row.election_id }));
    let sealed = 0;
    for (const { electionId } of pending) {
      const batch = await tx
        .select()
        .from(ballots)
        .where(and(eq(ballots.electionId, electionId), isNull(ballots.sealId)))
        .orderBy(asc(ballots.receiptHash))
        .limit(5000);
      if (batch.length === 0) continue;
      const [last] = await tx
        .select()
        .from(seals)
        .where(eq(seals.electionId, electionId))
        .orderBy(desc(seals.sequence))
        .limit(1);
      const previousRoot = last?.root ?? GENESIS;
      const [seal] = await tx
        .insert(seals)
        .values({
          electionId,
          sequence: (last?.sequence ?? 0) + 1,
          previousRoot,
          root: chainRoot(previousRoot, batch),
          ballotCount: batch.length,
          tally: tallyOf(batch),
        })
        .returning({ id: seals.id });
      if (!seal) throw new Error("seal insert returned nothing");
      await tx
        .update(ballots)
        .set({ sealId: seal.id })
        .where(
          inArray(
            ballots.id,
            batch.map((b) => b.id),
          ),
        );
      sealed += batch.length;
    }
    return sealed;
  });
}

export interface VerificationReport {
  electionId: string;
  title: string;
  ballots: number;
  seals: number;
  unsealed: number;
  problems: string[];
}

/** Recomputes every seal and every tally of an election from its stored ballots and says what differs. */
export async function verifyElectionIntegrity(db: Db, electionId: string): Promise<VerificationReport> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) throw new Error(`No election with id ${electionId}`);
  const all = await db.select().from(ballots).where(eq(ballots.electionId, electionId));
  const chain = await db
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(asc(seals.sequence));
  const problems: string[] = [];
  let previous = GENESIS;
  for (const [index, seal] of chain.entries()) {
    const batch = all.filter((b) => b.sealId === seal.id);
    if (seal.sequence !== index + 1)
      problems.push(`seal ${seal.sequence}: out of sequence (expected ${index + 1})`);
    if (seal.previousRoot !== previous)
      problems.push(`seal ${seal.sequence}: does not chain to the seal before it`);
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
  return {
    electionId,
    title: election.title,
    ballots: all.length,
    seals: chain.length,
    unsealed: all.filter((b) => b.sealId === null).length,
    problems,
  };
}
