import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ballots, electionPositions, elections, seals } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { definitionHashOf } from "./definition";
import { ballotHash, chainStart, tallyOf } from "./sealing";

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

/**
 * Recomputes the election's definition hash from its stored questions (the chain starts at it),
 * every seal and every tally of an election from its stored ballots; holds the ballots
 * against the participations, position by position (never more ballots than voters who took
 * part; as many once voting has ended, and all sealed); and checks that each head someone
 * witnessed is on the chain, which catches a chain recomputed after a change. Says what differs.
 */
export function verifyElectionIntegrity(
  db: Db,
  electionId: string,
  options: { heads?: WitnessedHead[] } = {},
): Promise<VerificationReport> {
  // One snapshot for every read: a seal committed between two of them (voting still open) would
  // otherwise look like ballots pointing to a seal that does not exist.
  return db.transaction((tx) => verifyIn(tx, electionId, options), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

async function verifyIn(
  db: Db,
  electionId: string,
  options: { heads?: WitnessedHead[] },
): Promise<VerificationReport> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) throw new Error(`No election with id ${electionId}`);
  const chain = await db
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(asc(seals.sequence));
  const { counts, bySeal, total, unsealed } = await ballotCounts(db, electionId);
  const digests = await sealDigests(db, electionId);
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
    const sealed = bySeal.get(seal.id) ?? { ballots: 0, tally: {} };
    const digest = digests.get(seal.id) ?? { hashes: "", tally: null };
    if (seal.sequence !== index + 1)
      problems.push(`seal ${seal.sequence}: out of sequence (expected ${index + 1})`);
    if (seal.previousRoot !== previous)
      problems.push(
        index === 0
          ? `seal ${seal.sequence}: does not chain from the election's definition (the questions it is counted with)`
          : `seal ${seal.sequence}: does not chain to the seal before it`,
      );
    if (sealed.ballots !== seal.ballotCount) {
      problems.push(`seal ${seal.sequence}: covers ${sealed.ballots} ballots, recorded ${seal.ballotCount}`);
    }
    // chainRoot's H(previous root ‖ H(ballot)…), the ballots' hashes concatenated by the database.
    if (sha256(seal.previousRoot + digest.hashes) !== seal.root)
      problems.push(
        `seal ${seal.sequence}: root differs from its ballots (a ballot was altered, added or removed)`,
      );
    const recount = digest.tally ?? sealed.tally;
    for (const candidate of new Set([...Object.keys(recount), ...Object.keys(seal.tally)])) {
      if ((recount[candidate] ?? 0) !== (seal.tally[candidate] ?? 0)) {
        problems.push(
          `seal ${seal.sequence}: candidate ${candidate} has ${recount[candidate] ?? 0} ballots, the seal recorded ${seal.tally[candidate] ?? 0}`,
        );
      }
    }
    previous = seal.root;
  }
  const onChain = new Set(chain.map((seal) => seal.id));
  let orphans = 0;
  for (const [sealId, sealed] of bySeal) if (!onChain.has(sealId)) orphans += sealed.ballots;
  if (orphans > 0) problems.push(`${orphans} ballots point to a seal that does not exist`);

  for (const head of options.heads ?? []) {
    const seal = chain.find((s) => s.sequence === head.sequence);
    if (!seal)
      problems.push(`witnessed head ${head.sequence}: no such seal on the chain (a seal was removed)`);
    else if (seal.root !== head.root)
      problems.push(`witnessed head ${head.sequence}: the chain's root differs (the chain was recomputed)`);
  }

  const { participations: taken, dangling } = await participationCounts(db, electionId, onChain);
  const ended = election.status !== "active" && election.status !== "upcoming";
  for (const positionId of await positionIds(db, electionId)) {
    const position = {
      ...(counts.get(positionId) ?? { ballots: 0, sealed: 0 }),
      ...(taken.get(positionId) ?? { participations: 0, disclosed: 0 }),
    };
    const where = `position ${positionId}`;
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
  if (dangling > 0) problems.push(`${dangling} participations were disclosed by a seal that does not exist`);

  return {
    electionId,
    title: election.title,
    status: election.status,
    ballots: total,
    participations: [...taken.values()].reduce((sum, p) => sum + p.participations, 0),
    seals: chain.length,
    unsealed,
    heads: options.heads?.length ?? 0,
    problems,
  };
}

interface SealedBallots {
  ballots: number;
  /** The plurality choices' tally (answers other than a candidate are counted by sealDigests). */
  tally: Record<string, number>;
}

/**
 * One pass over the election's ballots, grouped by seal, position and candidate: the ballots per
 * seal and their plurality tally, and the ballots (all, sealed) per position.
 */
async function ballotCounts(db: Db, electionId: string) {
  const result = (await db.execute(sql`
    select seal_id, position_id, candidate_id, count(*)::int as n from ballots
    where election_id = ${electionId}::uuid group by seal_id, position_id, candidate_id`)) as unknown as {
    rows: Array<{ seal_id: number | null; position_id: string; candidate_id: string | null; n: number }>;
  };
  const bySeal = new Map<number, SealedBallots>();
  const counts = new Map<string, { ballots: number; sealed: number }>();
  let total = 0;
  let unsealed = 0;
  for (const row of result.rows) {
    total += row.n;
    const position = counts.get(row.position_id) ?? { ballots: 0, sealed: 0 };
    counts.set(row.position_id, position);
    position.ballots += row.n;
    if (row.seal_id === null) {
      unsealed += row.n;
      continue;
    }
    position.sealed += row.n;
    const sealed = bySeal.get(row.seal_id) ?? { ballots: 0, tally: {} };
    bySeal.set(row.seal_id, sealed);
    sealed.ballots += row.n;
    if (row.candidate_id !== null)
      sealed.tally[row.candidate_id] = (sealed.tally[row.candidate_id] ?? 0) + row.n;
  }
  return { counts, bySeal, total, unsealed };
}

interface SealDigest {
  /** H(ballot) of each of the seal's ballots by receipt hash, concatenated (chainRoot's order). */
  hashes: string;
  /** The seal's whole tally when it holds answers other than a candidate (null: ballotCounts has it). */
  tally: Record<string, number> | null;
}

/**
 * Every seal's ballot hashes in one pass: the database hashes plurality choices itself (ballotHash's
 * text, `collate "C"` ordering as JavaScript compares strings); a seal holding other answers (whose
 * hash is of their canonical text) has its ballots read and hashed here.
 */
async function sealDigests(db: Db, electionId: string): Promise<Map<number, SealDigest>> {
  const result = (await db.execute(sql`
    select seal_id, bool_or(candidate_id is null) as answers,
      string_agg(encode(sha256(convert_to(
        election_id::text || '|' || position_id::text || '|' || candidate_id::text || '|' || receipt_hash, 'UTF8')), 'hex'),
        '' order by receipt_hash collate "C") as hashes
    from ballots where election_id = ${electionId}::uuid and seal_id is not null group by seal_id`)) as unknown as {
    rows: Array<{ seal_id: number; answers: boolean; hashes: string | null }>;
  };
  const digests = new Map<number, SealDigest>();
  const withAnswers: number[] = [];
  for (const row of result.rows) {
    if (row.answers) withAnswers.push(row.seal_id);
    else digests.set(row.seal_id, { hashes: row.hashes ?? "", tally: null });
  }
  if (withAnswers.length === 0) return digests;
  const rows = await db
    .select({
      sealId: ballots.sealId,
      electionId: ballots.electionId,
      positionId: ballots.positionId,
      candidateId: ballots.candidateId,
      answer: ballots.answer,
      receiptHash: ballots.receiptHash,
    })
    .from(ballots)
    .where(
      and(
        eq(ballots.electionId, electionId),
        sql`${ballots.sealId} = any(${`{${withAnswers.join(",")}}`}::int[])`,
      ),
    );
  const batches = new Map<number, typeof rows>();
  for (const row of rows) {
    const batch = batches.get(row.sealId as number);
    if (batch) batch.push(row);
    else batches.set(row.sealId as number, [row]);
  }
  for (const [sealId, batch] of batches) {
    const ordered = [...batch].sort((a, b) => (a.receiptHash < b.receiptHash ? -1 : 1));
    digests.set(sealId, { hashes: ordered.map(ballotHash).join(""), tally: tallyOf(batch) });
  }
  return digests;
}

/** Participations per position (all, disclosed) in one pass, and those disclosed by a seal not on the chain. */
async function participationCounts(db: Db, electionId: string, onChain: Set<number>) {
  const result = (await db.execute(sql`
    select position_id, seal_id, count(*)::int as n from participations
    where election_id = ${electionId}::uuid group by position_id, seal_id`)) as unknown as {
    rows: Array<{ position_id: string; seal_id: number | null; n: number }>;
  };
  const participations = new Map<string, { participations: number; disclosed: number }>();
  let dangling = 0;
  for (const row of result.rows) {
    const position = participations.get(row.position_id) ?? { participations: 0, disclosed: 0 };
    participations.set(row.position_id, position);
    position.participations += row.n;
    if (row.seal_id === null) continue;
    position.disclosed += row.n;
    if (!onChain.has(row.seal_id)) dangling += row.n;
  }
  return { participations, dangling };
}

async function positionIds(db: Db, electionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: electionPositions.id })
    .from(electionPositions)
    .where(eq(electionPositions.electionId, electionId))
    .orderBy(asc(electionPositions.sortOrder));
  return rows.map((row) => row.id);
}
