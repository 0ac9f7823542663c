/** Block plurality: up to k choices each; the k with most votes win (docs/counting.md § 3). */
import type { Ballot } from "../../../contract/ballots/ballot";
import { countTotals, type Marks, type TotalsResult } from "./totals";

export function countBlock(
  candidates: readonly string[],
  seats: number,
  ballots: Iterable<Ballot>,
  seed: string,
): TotalsResult {
  return countTotals(candidates, seats, seed, ballots, setMarks);
}

/** One vote to each candidate of a set; an empty set or a blank is a blank vote. */
export const setMarks: Marks = (ballot) =>
  ballot.kind === "set" && ballot.candidates.length > 0
    ? ballot.candidates.map((id) => [id, 1] as const)
    : null;
