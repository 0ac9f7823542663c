/**
 * Referendum: Yes, No and (when allowed) Abstain; passes when Yes reaches the threshold of the base
 * (docs/counting.md § 5). Integer arithmetic only, so a threshold is never missed by rounding.
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { ReferendumBase, ReferendumThreshold } from "../../../contract/ballots/question";
import type { ReferendumResult } from "../../../contract/ballots/result";

export type { ReferendumResult };

/** Yes passes a threshold of `base` when yes × denominator > (majority) or ≥ (others) numerator × base. */
const FRACTIONS: Record<ReferendumThreshold, { numerator: number; denominator: number; strict: boolean }> = {
  majority: { numerator: 1, denominator: 2, strict: true },
  two_thirds: { numerator: 2, denominator: 3, strict: false },
  three_quarters: { numerator: 3, denominator: 4, strict: false },
};

export function countReferendum(
  options: { threshold: ReferendumThreshold; base: ReferendumBase; eligible?: number },
  ballots: Iterable<Ballot>,
): ReferendumResult {
  const tally = { cast: 0, yes: 0, no: 0, abstain: 0, blank: 0 };
  for (const ballot of ballots) {
    tally.cast++;
    if (ballot.kind === "answer") tally[ballot.answer]++;
    else tally.blank++;
  }
  if (options.base === "eligible" && options.eligible === undefined) {
    throw new Error("A referendum counted against the eligible voters needs their number.");
  }
  const baseCount = options.base === "eligible" ? (options.eligible ?? 0) : tally.yes + tally.no;
  const { numerator, denominator, strict } = FRACTIONS[options.threshold];
  const product = numerator * baseCount;
  const yesNeeded = strict ? Math.floor(product / denominator) + 1 : Math.ceil(product / denominator);
  return {
    ...tally,
    threshold: options.threshold,
    base: options.base,
    baseCount,
    yesNeeded: Math.max(yesNeeded, 1),
    passed: baseCount > 0 && tally.yes >= Math.max(yesNeeded, 1),
  };
}
