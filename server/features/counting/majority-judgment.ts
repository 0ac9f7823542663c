/**
 * Majority judgment (Balinski and Laraki): each candidate's majority grade is the lower middle of its
 * grades; candidates with the same one are separated by their majority values: remove one majority
 * grade from each and compare again, until they differ (docs/counting.md § 9).
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { MjCandidate, MjResult, MjTieBreak } from "../../../contract/ballots/result";
import { lotOrder } from "./ties";

export type { MjCandidate, MjResult, MjTieBreak };

export function countMajorityJudgment(
  candidates: readonly string[],
  grades: readonly string[],
  ballots: Iterable<Ballot>,
  seed: string,
): MjResult {
  const g = grades.length;
  const distribution = new Map(candidates.map((id) => [id, new Array<number>(g).fill(0)]));
  let cast = 0;
  let blank = 0;
  for (const ballot of ballots) {
    cast++;
    if (ballot.kind !== "grades") {
      blank++;
      continue;
    }
    for (const [id, grade] of Object.entries(ballot.grades)) {
      const row = distribution.get(id);
      if (row) row[grade] = (row[grade] as number) + 1;
    }
  }
  const lot = lotOrder(seed, candidates);
  const tieBreaks: MjTieBreak[] = [];
  const compare = (a: string, b: string): { order: number; tie: Omit<MjTieBreak, "above" | "below"> } => {
    const da = [...(distribution.get(a) as number[])];
    const db = [...(distribution.get(b) as number[])];
    let removed = 0;
    for (;;) {
      const ma = majorityGrade(da);
      const mb = majorityGrade(db);
      if (ma === null || mb === null) break;
      if (ma !== mb)
        return {
          order: ma - mb,
          tie: { removed, aboveGrade: Math.min(ma, mb), belowGrade: Math.max(ma, mb), by: "majority_value" },
        };
      da[ma] = (da[ma] as number) - 1;
      db[mb] = (db[mb] as number) - 1;
      removed++;
    }
    const grade = majorityGrade(distribution.get(a) as number[]) ?? 0;
    return {
      order: lot.indexOf(a) - lot.indexOf(b),
      tie: { removed, aboveGrade: grade, belowGrade: grade, by: "lot" },
    };
  };
  const order = [...candidates].sort((a, b) => compare(a, b).order);
  for (let i = 1; i < order.length; i++) {
    const above = order[i - 1] as string;
    const below = order[i] as string;
    if (
      majorityGrade(distribution.get(above) as number[]) !==
      majorityGrade(distribution.get(below) as number[])
    )
      continue;
    tieBreaks.push({ above, below, ...compare(above, below).tie });
  }
  return {
    cast,
    blank,
    grades: [...grades],
    candidates: candidates.map((id) => {
      const row = distribution.get(id) as number[];
      return { id, distribution: row, majorityGrade: majorityGrade(row) ?? g - 1 };
    }),
    order,
    winner: cast > blank ? (order[0] ?? null) : null,
    tieBreaks,
  };
}

/**
 * The majority grade of a distribution (best first): the best grade that more than half the grades
 * reach or pass, i.e. the (⌊n/2⌋ + 1)-th best; with 4 grades given, the third best, the worse of
 * the two middle ones (the lower middlemost). Null when no grade was given.
 */
export function majorityGrade(distribution: readonly number[]): number | null {
  const total = distribution.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const needed = Math.floor(total / 2) + 1;
  let seen = 0;
  for (let grade = 0; grade < distribution.length; grade++) {
    seen += distribution[grade] as number;
    if (seen >= needed) return grade;
  }
  return distribution.length - 1;
}
