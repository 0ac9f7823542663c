/**
 * What plurality, block plurality, approval and score share: each ballot adds to some candidates'
 * totals, the highest totals take the seats (none when no ballot chose anyone), and a tie across
 * the last seat is decided by lot.
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { TotalsResult } from "../../../contract/ballots/result";
import { lotOrder } from "./ties";

export type { TotalsResult };

/** What one ballot adds: [candidate, amount] pairs, or null for a blank vote. */
export type Marks = (ballot: Ballot) => readonly (readonly [string, number])[] | null;

export function countTotals(
  candidates: readonly string[],
  seats: number,
  seed: string,
  ballots: Iterable<Ballot>,
  marksOf: Marks,
): TotalsResult {
  const sums = new Map(candidates.map((id) => [id, 0]));
  let cast = 0;
  let blank = 0;
  for (const ballot of ballots) {
    cast++;
    const marks = marksOf(ballot);
    if (marks === null) {
      blank++;
      continue;
    }
    for (const [id, amount] of marks) sums.set(id, (sums.get(id) ?? 0) + amount);
  }
  const lot = new Map(lotOrder(seed, candidates).map((id, i) => [id, i]));
  const total = (id: string) => sums.get(id) ?? 0;
  const order = [...candidates].sort((a, b) => total(b) - total(a) || (lot.get(a) ?? 0) - (lot.get(b) ?? 0));
  // With no ballot for anyone no one is elected: the lot's pick of candidates all at 0 is no winner.
  const chosen = candidates.some((id) => total(id) > 0);
  const elected = chosen ? order.slice(0, Math.min(seats, order.length)) : [];
  const last = elected[elected.length - 1];
  const next = order[elected.length];
  const tied = last !== undefined && next !== undefined && total(last) === total(next);
  return {
    cast,
    blank,
    totals: Object.fromEntries(candidates.map((id) => [id, total(id)])),
    order,
    elected,
    tie: tied
      ? {
          tied: order.filter((id) => total(id) === total(last)),
          elected: elected.filter((id) => total(id) === total(last)),
        }
      : null,
  };
}
