/** Plurality: one choice each; the most votes wins (docs/counting.md § 2). */
import type { Ballot } from "../../../contract/ballots/ballot";
import { countTotals, type TotalsResult } from "./totals";

export function countPlurality(
  candidates: readonly string[],
  ballots: Iterable<Ballot>,
  seed: string,
): TotalsResult {
  return countTotals(candidates, 1, seed, ballots, (ballot) =>
    ballot.kind === "choice" ? [[ballot.candidate, 1]] : null,
  );
}
