import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { eachRow } from "../../db/prepared";
import { electionPositions, elections } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { ballotPass, ROW_PER_GROUP_ABOVE } from "./ballot-pass";
import { chainStart, type WitnessedHead } from "./chain";
import { definitionHashOf } from "./definition";

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
  requestedId: string,
  options: { heads?: WitnessedHead[] },
): Promise<VerificationReport> {
  // One process reads: the order of every read comes from an index, which parallel workers would
  // have to merge back. On a two-core machine PostgreSQL's parallel plan of the ballots' groups took
  // 116 ms where one process takes 21 (100,000 ballots in 20 seals), its workers' start included.
  await db.execute(sql`set local max_parallel_workers_per_gather = 0`);
  const [found] = await db
    .select({
      election: elections,
      // Written out: drizzle leaves a one-table select's columns unqualified, and "id" is the seal's here.
      largestSeal: sql<number | null>`(select max(s.ballot_count) from seals s
        where s.election_id = elections.id)`,
    })
    .from(elections)
    .where(eq(elections.id, requestedId));
  if (!found) throw new Error(`No election with id ${requestedId}`);
  const { election } = found;
  // The id as stored (lower case) from here on: the hashes are of its text, whatever was typed.
  const electionId = election.id;
  // Only how the ballots' rows come depends on the seals' recorded sizes, never what they give.
  const { chain, pass, taken } = await readElection(db, electionId, {
    rowPerGroup: (found.largestSeal ?? 0) > ROW_PER_GROUP_ABOVE,
  });
  const onChain = new Set(chain.map((seal) => seal.id));
  const { counts, bySeal, total, unsealed } = pass;
  const { participations, dangling } = participationCounts(taken, onChain);
  const definitionHash = election.definitionHash === null ? null : await definitionHashOf(db, electionId);
  const problems: string[] = [];
  // The chain starts at the definition fixed when voting opened: questions changed since break it.
  if (definitionHash !== election.definitionHash)
    problems.push(
      "the election's questions differ from the definition fixed when voting opened (a method, seat count, threshold or candidate was changed)",
    );
  let previous = chainStart(election.definitionHash);
  for (const [index, seal] of chain.entries()) {
    const sealed = bySeal.get(seal.id) ?? { ballots: 0, tally: {}, root: sha256(seal.previousRoot) };
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
    // chainRoot's H(previous root ‖ H(ballot)…) over the seal's ballots in receipt order.
    if (sealed.root !== seal.root)
      problems.push(
        `seal ${seal.sequence}: root differs from its ballots (a ballot was altered, added or removed)`,
      );
    // Every choice of either tally, the recount's first (no set of them built for each seal).
    const recount = sealed.tally;
    for (const candidate in recount) tallyDiffers(problems, seal, candidate, recount);
    for (const candidate in seal.tally)
      if (!Object.hasOwn(recount, candidate)) tallyDiffers(problems, seal, candidate, recount);
    previous = seal.root;
  }
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

  const ended = election.status !== "active" && election.status !== "upcoming";
  for (const positionId of await positionIds(db, electionId)) {
    const position = {
      ...(counts.get(positionId) ?? { ballots: 0, sealed: 0 }),
      ...(participations.get(positionId) ?? { participations: 0, disclosed: 0 }),
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
    participations: [...participations.values()].reduce((sum, p) => sum + p.participations, 0),
    seals: chain.length,
    unsealed,
    heads: options.heads?.length ?? 0,
    problems,
  };
}

/** What verify-election's one statement gives, row by row: its first column says which. */
const CHAIN = 0;
const SEAL = 1;
const TAKEN = 2;

interface Seal {
  id: number;
  sequence: number;
  previousRoot: string;
  root: string;
  ballotCount: number;
  tally: Record<string, number>;
}

/**
 * The seals' ids (and seal ids of the participations' counts) whose rows go in one row of columns:
 * those of one `id / SEALS_PER_ROW`, so at most this many seals a row (ids are shared by every
 * election), and a seal's counts for every position. A value of a megabyte costs PostgreSQL and
 * node-postgres several times what the same in values of some 60 KB costs (5,000 seals' chain: 42
 * ms as one, 12 as 20).
 */
const SEALS_PER_ROW = 256;

/**
 * The election's chain, its ballots' pass (ballot-pass.ts) and its participations per position and
 * seal, in one statement: PostgreSQL reads the chain first (each seal's previous root, which the
 * ballots' hashes lead to) and counts the participations while the ballots' rows are still being
 * hashed here, where three statements in turn left each side waiting for the other. Its first
 * column says what a row is; the chain's and the participations' come as columns (columnsOf),
 * a row for the seals of one range of ids (SEALS_PER_ROW; the undisclosed participations in one).
 * The parts may come in any order, and the chain's and participations' rows too; the ballots' rows
 * of one seal come one after the other (the pass's own order). Sorting is off for this
 * statement only: the ballots' order comes from the index (see ballotPass), and with it off the
 * transaction's later reads (the definition's questions in their order, say) took PGlite 30 ms
 * where they take 1.
 */
async function readElection(db: Db, electionId: string, shape: { rowPerGroup: boolean }) {
  const previousRoots = new Map<number, string>();
  const pass = ballotPass(electionId, previousRoots, shape);
  const chain: Seal[] = [];
  const taken: Array<[positionId: string, sealId: number | null, n: number]> = [];
  await db.execute(sql`set local enable_sort = off`);
  await eachRow<[number, number | null, string | null, string | null]>(
    db,
    sql`select ${sql.raw(String(CHAIN))}, null::int, json_build_array(json_agg(id), json_agg(sequence),
        json_agg(previous_root), json_agg(root), json_agg(ballot_count), json_agg(tally))::text, null::text
      from seals where election_id = ${electionId}::uuid group by id / ${sql.raw(String(SEALS_PER_ROW))}
      union all
      select ${sql.raw(String(SEAL))}, b.* from (${pass.statement}) b
      union all
      select ${sql.raw(String(TAKEN))}, null, json_build_array(json_agg(position_id), json_agg(seal_id), json_agg(n))::text, null
      from (select position_id, seal_id, count(*)::int as n from participations
        where election_id = ${electionId}::uuid group by position_id, seal_id) g
      group by seal_id / ${sql.raw(String(SEALS_PER_ROW))}`,
    ([part, sealId, text, receipts]) => {
      if (part === SEAL) pass.take(sealId, text ?? "", receipts);
      else if (part === TAKEN) taken.push(...columnsOf<(typeof taken)[number]>(text));
      else
        for (const [id, sequence, previousRoot, root, ballotCount, tally] of columnsOf<
          [number, number, string, string, number, Record<string, number>]
        >(text)) {
          chain.push({ id, sequence, previousRoot, root, ballotCount, tally });
          previousRoots.set(id, previousRoot);
        }
    },
  );
  await db.execute(sql`set local enable_sort = on`);
  chain.sort((a, b) => a.sequence - b.sequence);
  return { chain, pass: await pass.finish(db), taken };
}

/**
 * The rows of a JSON array of columns, each a `json_agg` of one value (all aggregated over the same
 * rows, so in the same order): one row to answer however many rows (an embedded database's rows
 * cost more than their contents: 5,000 seals' rows cost PGlite 59 ms where their columns cost 23),
 * and no JSON value built per row (PostgreSQL took 46 ms to build them where the columns take 18).
 */
function columnsOf<Row extends unknown[]>(text: string | null): Row[] {
  // json_agg over no rows is null.
  const columns = ((text ? JSON.parse(text) : []) as Array<unknown[] | null>).map((column) => column ?? []);
  return Array.from({ length: columns[0]?.length ?? 0 }, (_, i) => columns.map((column) => column[i]) as Row);
}

/** Says so when the recount of one choice in a seal differs from what the seal recorded. */
function tallyDiffers(problems: string[], seal: Seal, candidate: string, recount: Record<string, number>) {
  const counted = Object.hasOwn(recount, candidate) ? recount[candidate] : 0;
  const recorded = Object.hasOwn(seal.tally, candidate) ? seal.tally[candidate] : 0;
  if (counted !== recorded)
    problems.push(
      `seal ${seal.sequence}: candidate ${candidate} has ${counted} ballots, the seal recorded ${recorded}`,
    );
}

/** Participations per position (all, disclosed), and those disclosed by a seal not on the chain. */
function participationCounts(
  rows: Array<[positionId: string, sealId: number | null, n: number]>,
  onChain: Set<number>,
) {
  const participations = new Map<string, { participations: number; disclosed: number }>();
  let dangling = 0;
  for (const [positionId, sealId, n] of rows) {
    const position = participations.get(positionId) ?? { participations: 0, disclosed: 0 };
    participations.set(positionId, position);
    position.participations += n;
    if (sealId === null) continue;
    position.disclosed += n;
    if (!onChain.has(sealId)) dangling += n;
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
