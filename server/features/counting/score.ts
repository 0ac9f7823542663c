/** Score: each candidate given 0 to N; the highest total wins (docs/counting.md § 10). */
import type { Ballot } from "../../../contract/ballots/ballot";
import { countTotals, type TotalsResult } from "./totals";

export function countScore(
  candidates: readonly string[],
  ballots: Iterable<Ballot>,
  seed: string,
): TotalsResult {
  return countTotals(candidates, 1, seed, ballots, (ballot) =>
    ballot.kind === "scores" ? Object.entries(ballot.scores) : null,
  );
}
