import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { answerText } from "../../../contract/ballots/ballot";
import type { Db } from "../../db/connect";
import { ballots, elections, participations, seals } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { completeSessionsDisclosedBy } from "../monitoring/sessions";

/** The root before the first seal of an election opened before definition hashes were kept. */
export const GENESIS = "0".repeat(64);

/**
 * The root an election's first seal chains from: its definition hash (fixed when voting opened:
 * contract/ballots/definition-hash.ts), so the chain commits the questions it is counted with;
 * GENESIS for an election opened before that hash was kept.
 */
export const chainStart = (definitionHash: string | null): string => definitionHash ?? GENESIS;
/** One sealer at a time across processes. */
const SEALER_LOCK = 7265002;

type BallotRow = Pick<
  typeof ballots.$inferSelect,
  "electionId" | "positionId" | "candidateId" | "answer" | "receiptHash"
>;

/** A ballot's hashed text before its receipt: the election, the question and the choice. */
export function ballotHashPrefix(electionId: string, positionId: string, what: string): string {
  return `${electionId}|${positionId}|${what}|`;
}

/** A plurality choice hashes as its candidate's id; any other answer as its canonical text. */
export function ballotHash(ballot: BallotRow): string {
  const what = ballot.candidateId ?? answerText(ballot.answer ?? { kind: "blank" });
  return sha256(ballotHashPrefix(ballot.electionId, ballot.positionId, what) + ballot.receiptHash);
}

/** root = H(previous root ‖ H(ballot)…) over the batch ordered by receipt hash (an order that says nothing of time). */
export function chainRoot(previousRoot: string, batch: BallotRow[]): string {
  const ordered = [...batch].sort((a, b) => (a.receiptHash < b.receiptHash ? -1 : 1));
  return sha256(previousRoot + ordered.map(ballotHash).join(""));
}

export function tallyOf(batch: BallotRow[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const ballot of batch) {
    // Plurality ballots by candidate; any other answer by its canonical text (so a recount per seal still holds).
    const key = ballot.candidateId ?? answerText(ballot.answer ?? { kind: "blank" });
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/**
 * While an election is open, a position's ballots are sealed (and its participations disclosed)
 * only once at least this many voters' ballots wait. A seal's time is public, and the seal is the
 * moment its voters turn "voted": a batch of one would pair a voter with a choice; in a batch of
 * ten each voter hides among ten. Once voting ends the rest is sealed whatever its size.
 */
export const SEAL_MIN_VOTERS = 10;

export interface SealMade {
  sealId: number;
  electionId: string;
  organizationId: string;
  sequence: number;
  root: string;
}

/** A position whose waiting ballots and waiting participations differ in number: not sealed. */
export interface SealRefusal {
  electionId: string;
  positionId: string;
  ballots: number;
  participations: number;
}

export interface SealingOutcome {
  seals: SealMade[];
  sealed: number;
  refused: SealRefusal[];
}

interface Waiting {
  election_id: string;
  organization_id: string;
  position_id: string;
  open: boolean;
  ballots: number;
  participations: number;
}

/**
 * Seals each election's waiting ballots and, in the same transaction, discloses the waiting
 * participations of the same positions: the seal is the one moment at which both a batch of
 * choices (on the bulletin board) and a batch of "voted" (turnout, the Voters tab, monitoring)
 * become visible, so neither can be tied to one ballot.
 *
 * The transaction is REPEATABLE READ: every read and every update sees one snapshot, so a vote
 * committed meanwhile (its participation and ballot written by one statement) is in neither or
 * both. A position is refused, and reported, when its waiting ballots and waiting participations
 * differ in number: a ballot with no voter behind it (inserted directly) is never sealed.
 * An advisory lock keeps one sealer at a time across processes.
 */
export async function sealPending(
  db: Db,
  options: { minVoters?: number; electionId?: string } = {},
): Promise<SealingOutcome> {
  const minVoters = options.minVoters ?? SEAL_MIN_VOTERS;
  const only = options.electionId ? sql`and e.id = ${options.electionId}::uuid` : sql``;
  const outcome = await db.transaction(
    async (tx) => {
      const outcome: SealingOutcome = { seals: [], sealed: 0, refused: [] };
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SEALER_LOCK}) as ok`);
      if (!(locked as { rows: Array<{ ok: boolean }> }).rows[0]?.ok) return outcome;
      const waiting = (
        (await tx.execute(sql`
        with b as (select election_id, position_id, count(*)::int as n from ballots where seal_id is null group by 1, 2),
             p as (select election_id, position_id, count(*)::int as n from participations where seal_id is null group by 1, 2)
        select e.id as election_id, e.organization_id, e.status = 'active' as open,
               coalesce(b.position_id, p.position_id) as position_id,
               coalesce(b.n, 0) as ballots, coalesce(p.n, 0) as participations
        from b full join p on p.position_id = b.position_id
        join elections e on e.id = coalesce(b.election_id, p.election_id)
        where true ${only}
        order by e.id`)) as { rows: Waiting[] }
      ).rows;
      const byElection = new Map<string, Waiting[]>();
      for (const row of waiting)
        byElection.set(row.election_id, [...(byElection.get(row.election_id) ?? []), row]);

      for (const [electionId, rows] of byElection) {
        const ready: string[] = [];
        for (const row of rows) {
          if (row.ballots !== row.participations) {
            outcome.refused.push({
              electionId,
              positionId: row.position_id,
              ballots: row.ballots,
              participations: row.participations,
            });
          } else if (!row.open || row.ballots >= minVoters) {
            ready.push(row.position_id);
          }
        }
        if (ready.length === 0) continue;
        const made = await sealPositions(tx, electionId, ready);
        outcome.seals.push({ ...made, organizationId: rows[0]?.organization_id ?? "" });
        outcome.sealed += made.count;
      }
      return outcome;
    },
    { isolationLevel: "repeatable read" },
  );
  // Monitoring hears of the disclosed votes after the commit: an update of a voter's session in
  // the snapshot's transaction would abort the seal whenever monitoring touched that session too.
  for (const seal of outcome.seals) await completeSessionsDisclosedBy(db, seal.electionId, seal.sealId);
  return outcome;
}

/** One seal over the waiting ballots of these positions, disclosing their waiting participations. */
async function sealPositions(tx: Db, electionId: string, positionIds: string[]) {
  const waitingIn = <T extends typeof ballots | typeof participations>(table: T) =>
    and(eq(table.electionId, electionId), inArray(table.positionId, positionIds), isNull(table.sealId));
  const batch = await tx.select().from(ballots).where(waitingIn(ballots));
  const [last] = await tx
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(desc(seals.sequence))
    .limit(1);
  const [election] = await tx
    .select({ definitionHash: elections.definitionHash })
    .from(elections)
    .where(eq(elections.id, electionId));
  const previousRoot = last?.root ?? chainStart(election?.definitionHash ?? null);
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
    .returning();
  if (!seal) throw new Error("seal insert returned nothing");
  const sealedBallots = await tx
    .update(ballots)
    .set({ sealId: seal.id })
    .where(waitingIn(ballots))
    .returning({ id: ballots.id });
  const disclosed = await tx
    .update(participations)
    .set({ sealId: seal.id })
    .where(waitingIn(participations))
    .returning({ userId: participations.userId });
  // The snapshot makes these equal to what was counted; anything else aborts the seal.
  if (sealedBallots.length !== batch.length || disclosed.length !== batch.length)
    throw new Error("sealer: the batch changed under its snapshot");
  return { sealId: seal.id, electionId, sequence: seal.sequence, root: seal.root, count: batch.length };
}
