/**
 * The pure parts of filling in a ballot: moves within a ranking, Schulze rank numbers to a ranking,
 * a voter's own stable candidate order, and whether a draft answers its question. Tested in
 * ballotDraft.test.ts.
 */
import { type Ballot, isBlank } from "../../../../contract/ballots/ballot";

/** `ranked` with `id` added last (unchanged when it is already there). */
export function addRanked(ranked: string[], id: string): string[] {
  return ranked.includes(id) ? ranked : [...ranked, id];
}

export function removeRanked(ranked: string[], id: string): string[] {
  return ranked.filter((r) => r !== id);
}

/** `id` moved by `by` places (-1 up, +1 down), kept within the list. */
export function moveRanked(ranked: string[], id: string, by: number): string[] {
  const from = ranked.indexOf(id);
  if (from < 0) return ranked;
  return moveTo(ranked, id, Math.min(Math.max(from + by, 0), ranked.length - 1));
}

/** `id` placed at `index` (0-based), from inside the list or from outside it (a drop). */
export function moveTo(ranked: string[], id: string, index: number): string[] {
  const rest = ranked.filter((r) => r !== id);
  const at = Math.min(Math.max(index, 0), rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** One candidate per rank (IRV, STV). */
export const rankingBallot = (ranked: string[]): Ballot => ({
  kind: "ranking",
  ranks: ranked.map((id) => [id]),
});

/**
 * Schulze rank numbers (candidate → 1, 2, …; absent = not ranked) as a ranking: equal numbers share a
 * rank, gaps close up ("1, 1, 3" and "1, 1, 2" are the same ballot).
 */
export function ranksFromNumbers(numbers: Record<string, number>, order: string[]): string[][] {
  const byNumber = new Map<number, string[]>();
  for (const id of order) {
    const n = numbers[id];
    if (n === undefined) continue;
    byNumber.set(n, [...(byNumber.get(n) ?? []), id]);
  }
  return [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids);
}

/** A ranking's rank numbers, each group numbered by its place (1, 2, 3…). */
export function numbersFromRanks(ranks: string[][]): Record<string, number> {
  return Object.fromEntries(ranks.flatMap((ids, index) => ids.map((id) => [id, index + 1])));
}

/** A 32-bit hash of a text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The candidates in a voter's own order for a shuffled question: a Fisher–Yates shuffle driven by a
 * generator (mulberry32) seeded with the voter's id and the question's id, so the same voter sees the
 * same order each time and different voters see different orders. Only the screen changes: the ballot
 * holds candidate ids.
 */
export function voterOrder<T>(items: readonly T[], voterId: string, questionId: string): T[] {
  let state = hash(`${voterId}:${questionId}`);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Does a draft answer its question (a blank vote does; an empty set, ranking or grading does not)? */
export function isAnswered(ballot: Ballot | undefined): ballot is Ballot {
  if (!ballot) return false;
  if (ballot.kind === "blank") return true;
  if (isBlank(ballot)) return false;
  if (ballot.kind === "grades") return Object.keys(ballot.grades).length > 0;
  if (ballot.kind === "scores") return Object.keys(ballot.scores).length > 0;
  return true;
}
