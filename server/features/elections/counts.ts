import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Ballot } from "../../../contract/ballots/ballot";
import type { QuestionMethod } from "../../../contract/ballots/question";
import type { QuestionResult } from "../../../contract/ballots/result";
import type { ChainHead } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { ballots, elections, seals } from "../../db/schema";
import { systemClock } from "../../lib/clock";
import { ballotOf, countQuestion } from "../counting";
import { drawnTieSeed } from "./lifecycle";
import { type ElectionRow, resultsPending } from "./queries";

/** A question as counting needs it: its method and its candidates' ids in ballot order. */
export interface CountedQuestion {
  id: string;
  method: QuestionMethod;
  candidateIds: string[];
}

/** An election's count: each question's result, what it was counted from, and when. */
export interface ElectionCount {
  results: Map<string, QuestionResult>;
  /** Candidate id → the first figure of its question's count (vote_count), null where the method has none. */
  firstFigures: Map<string, number | null>;
  head: ChainHead | null;
  tieSeed: string;
  countedAt: Date;
}

/**
 * Counts, per election, by what the count depends on: the seal chain's head, the ballots not yet
 * sealed, the seed and the roll. After the close nothing else changes a count, so a page of
 * elections read by many viewers counts each election once. Bounded: the oldest entry goes first.
 */
const cache = new Map<string, { key: string; count: ElectionCount }>();
const CACHE_LIMIT = 200;

/**
 * The counts of the elections whose results may be seen (never one whose voting is still open or
 * has not begun: results are not computable then). `eligible` is each election's roll size.
 */
export async function countElections(
  db: Db,
  rows: ElectionRow[],
  questions: Map<string, CountedQuestion[]>,
  eligible: Map<string, number>,
): Promise<Map<string, ElectionCount>> {
  const closed = rows.filter((row) => !resultsPending(row.status));
  const counts = new Map<string, ElectionCount>();
  if (closed.length === 0) return counts;
  const ids = closed.map((row) => row.id);
  const [seeds, heads, unsealed] = await Promise.all([
    tieSeeds(db, closed),
    db
      .selectDistinctOn([seals.electionId], {
        electionId: seals.electionId,
        sequence: seals.sequence,
        root: seals.root,
      })
      .from(seals)
      .where(inArray(seals.electionId, ids))
      .orderBy(seals.electionId, desc(seals.sequence)),
    db
      .select({ electionId: ballots.electionId, n: sql<number>`count(*)::int` })
      .from(ballots)
      .where(and(inArray(ballots.electionId, ids), isNull(ballots.sealId)))
      .groupBy(ballots.electionId),
  ]);
  const headBy = new Map(heads.map((h) => [h.electionId, { sequence: h.sequence, root: h.root }]));
  const unsealedBy = new Map(unsealed.map((u) => [u.electionId, u.n]));
  const keyOf = (id: string) =>
    [
      seeds.get(id),
      headBy.get(id)?.sequence ?? 0,
      headBy.get(id)?.root ?? "",
      unsealedBy.get(id) ?? 0,
      eligible.get(id) ?? 0,
      (questions.get(id) ?? []).map((q) => q.id).join(","),
    ].join("|");
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.get(id);
    if (hit && hit.key === keyOf(id)) counts.set(id, hit.count);
    else missing.push(id);
  }
  if (missing.length === 0) return counts;
  const stored = await db
    .select({ positionId: ballots.positionId, candidateId: ballots.candidateId, answer: ballots.answer })
    .from(ballots)
    .where(inArray(ballots.electionId, missing));
  const byPosition = new Map<string, Ballot[]>();
  for (const row of stored) {
    const list = byPosition.get(row.positionId) ?? [];
    list.push(ballotOf(row));
    byPosition.set(row.positionId, list);
  }
  for (const id of missing) {
    const seed = seeds.get(id) as string;
    const count: ElectionCount = {
      results: new Map(),
      firstFigures: new Map(),
      head: headBy.get(id) ?? null,
      tieSeed: seed,
      countedAt: systemClock.now(),
    };
    for (const question of questions.get(id) ?? []) {
      const cast = byPosition.get(question.id) ?? [];
      const result = countQuestion(
        { method: question.method, candidates: question.candidateIds.map((c) => ({ id: c, name: c })) },
        cast,
        { seed, eligible: eligible.get(id) ?? 0 },
      );
      count.results.set(question.id, result);
      for (const [candidate, figure] of firstFigures(result, cast)) count.firstFigures.set(candidate, figure);
    }
    cache.delete(id);
    cache.set(id, { key: keyOf(id), count });
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    counts.set(id, count);
  }
  return counts;
}

/**
 * The first figure of a count for each candidate, as vote_count: the total (plurality, block,
 * approval, score), the first preferences (IRV, STV: the first round; Schulze: ballots ranking the
 * candidate first, alone or shared); null for majority judgment (its distribution is the result).
 * A referendum has no candidates.
 */
export function firstFigures(result: QuestionResult, cast: readonly Ballot[]): Map<string, number | null> {
  switch (result.method) {
    case "plurality":
    case "block":
    case "approval":
    case "score":
      return new Map(Object.entries(result.result.totals));
    case "irv":
      return new Map(Object.entries(result.result.rounds[0]?.totals ?? {}));
    case "stv":
      return new Map(Object.entries(result.result.stages[0]?.totals ?? {}));
    case "schulze": {
      const first = new Map<string, number | null>(result.result.candidates.map((id) => [id, 0]));
      for (const ballot of cast) {
        if (ballot.kind !== "ranking") continue;
        for (const id of ballot.ranks[0] ?? []) first.set(id, (first.get(id) ?? 0) + 1);
      }
      return first;
    }
    case "majority_judgment":
      return new Map(result.result.candidates.map((c) => [c.id, null]));
    case "referendum":
      return new Map();
  }
}

/**
 * Each ended election's tie seed. One that ended before seeds were drawn at the close (or was
 * written ended, as demo data is) gets its seed now, once: the first writer wins and every reader
 * then reads that one.
 */
async function tieSeeds(db: Db, rows: ElectionRow[]): Promise<Map<string, string>> {
  const seeds = new Map<string, string>();
  for (const row of rows) {
    if (row.tieSeed) {
      seeds.set(row.id, row.tieSeed);
      continue;
    }
    const [stored] = await db
      .update(elections)
      .set({ tieSeed: drawnTieSeed() })
      .where(eq(elections.id, row.id))
      .returning({ tieSeed: elections.tieSeed });
    seeds.set(row.id, stored?.tieSeed as string);
  }
  return seeds;
}
