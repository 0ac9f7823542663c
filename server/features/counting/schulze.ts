/**
 * Condorcet, Schulze method (winning votes): the pairwise matrix, the strongest paths by
 * Floyd–Warshall, the winners and the order (docs/counting.md § 8). Ballots may rank several
 * candidates equal; unranked candidates share the last rank.
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { SchulzeResult } from "../../../contract/ballots/result";
import { gatherRankings } from "./rankings";
import { lotOrder } from "./ties";

export type { SchulzeResult };

export function countSchulze(
  candidates: readonly string[],
  ballots: Iterable<Ballot>,
  seed: string,
): SchulzeResult {
  const n = candidates.length;
  const pairwise = square(n);
  const { groups, cast, blank } = gatherRankings(candidates, ballots);
  const position = new Array<number>(n);
  for (const { tokens, count } of groups) {
    // Ranks are counted by their end-of-rank tokens (value n); unranked candidates share a place
    // after every rank (a ballot has at most n ranks).
    position.fill(n);
    let rank = 0;
    for (const token of tokens) {
      if (token === n) rank++;
      else position[token] = rank;
    }
    for (let i = 0; i < n; i++) {
      const row = pairwise[i] as number[];
      const pi = position[i] as number;
      for (let j = 0; j < n; j++) if (pi < (position[j] as number)) row[j] = (row[j] as number) + count;
    }
  }
  const strongest = strongestPaths(pairwise);
  const beats = (i: number, j: number) => (strongest[i]?.[j] as number) > (strongest[j]?.[i] as number);
  const order: string[][] = [];
  let remaining = candidates.map((_, i) => i);
  while (remaining.length > 0) {
    const top = remaining.filter((j) => !remaining.some((i) => i !== j && beats(i, j)));
    // The relation is transitive (Schulze 2011, 4.1), so a non-empty set is never all beaten.
    order.push(top.map((i) => candidates[i] as string));
    remaining = remaining.filter((i) => !top.includes(i));
  }
  const winners = order[0] ?? [];
  const winner = winners.length <= 1 ? (winners[0] ?? null) : (lotOrder(seed, winners)[0] as string);
  return {
    cast,
    blank,
    candidates: [...candidates],
    pairwise,
    strongest,
    winners,
    winner: cast > blank ? winner : null,
    order,
  };
}

/** Widest paths by Floyd–Warshall: a link i→j has strength d[i][j] when d[i][j] > d[j][i], else none (0). */
export function strongestPaths(pairwise: number[][]): number[][] {
  const n = pairwise.length;
  const p = square(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dij = pairwise[i]?.[j] as number;
      if (i !== j && dij > (pairwise[j]?.[i] as number)) (p[i] as number[])[j] = dij;
    }
  }
  for (let k = 0; k < n; k++) {
    const pk = p[k] as number[];
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const pi = p[i] as number[];
      const pik = pi[k] as number;
      if (pik === 0) continue;
      for (let j = 0; j < n; j++) {
        if (j === i || j === k) continue;
        const through = Math.min(pik, pk[j] as number);
        if (through > (pi[j] as number)) pi[j] = through;
      }
    }
  }
  return p;
}

function square(n: number): number[][] {
  return Array.from({ length: n }, () => new Array<number>(n).fill(0));
}
