import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import { countMajorityJudgment, majorityGrade } from "./majority-judgment";
import { randomSource, shuffled, times } from "./test-ballots";

const GRADES = ["Excellent", "Very good", "Good", "Fair", "Reject"];
const [EXCELLENT, VERY_GOOD, GOOD, FAIR, REJECT] = [0, 1, 2, 3, 4];

function graded(grades: Record<string, number>): Ballot {
  return { kind: "grades", grades };
}

/**
 * The Tennessee capital example as electowiki rates it ("Tennessee example": 400 minus the miles to
 * each city), graded in bands: 400 Excellent, 250–399 Very good, 150–249 Good, 100–149 Fair, below
 * Reject. The expected order is worked by hand in docs/counting.md ("Majority judgment", example).
 */
function tennesseeGrades(): Ballot[] {
  return [
    ...times(42, graded({ memphis: EXCELLENT, nashville: GOOD, chattanooga: FAIR, knoxville: REJECT })),
    ...times(26, graded({ memphis: GOOD, nashville: EXCELLENT, chattanooga: VERY_GOOD, knoxville: GOOD })),
    ...times(
      15,
      graded({ memphis: FAIR, nashville: VERY_GOOD, chattanooga: EXCELLENT, knoxville: VERY_GOOD }),
    ),
    ...times(17, graded({ memphis: REJECT, nashville: GOOD, chattanooga: VERY_GOOD, knoxville: EXCELLENT })),
  ];
}

/** Fabre's majority gauge, a second way: (majority grade, then the larger side beyond it, signed). */
function gauge(distribution: number[]): [number, number] {
  const grade = majorityGrade(distribution) as number;
  const better = distribution.slice(0, grade).reduce((a, b) => a + b, 0);
  const worse = distribution.slice(grade + 1).reduce((a, b) => a + b, 0);
  return [grade, better > worse ? -better : worse];
}

describe("majority judgment", () => {
  it("takes the lower middle grade", () => {
    expect(majorityGrade([1, 1, 1, 1, 0])).toBe(VERY_GOOD + 1);
    expect(majorityGrade([1, 1, 1, 0, 0])).toBe(VERY_GOOD);
    expect(majorityGrade([0, 0, 0, 0, 0])).toBeNull();
  });

  it("orders the Tennessee example Chattanooga, Memphis, Nashville, Knoxville, with each tie-break step", () => {
    const result = countMajorityJudgment(
      ["memphis", "nashville", "chattanooga", "knoxville"],
      GRADES,
      tennesseeGrades(),
      "seed",
    );
    expect(result.candidates.map((c) => [c.id, GRADES[c.majorityGrade]])).toEqual([
      ["memphis", "Good"],
      ["nashville", "Good"],
      ["chattanooga", "Very good"],
      ["knoxville", "Good"],
    ]);
    expect(result.candidates[0]?.distribution).toEqual([42, 0, 26, 15, 17]);
    expect(result.order).toEqual(["chattanooga", "memphis", "nashville", "knoxville"]);
    expect(result.winner).toBe("chattanooga");
    // Memphis reaches Excellent once 17 Goods are removed from each; Knoxville falls to Reject after 16.
    expect(result.tieBreaks).toEqual([
      {
        above: "memphis",
        below: "nashville",
        removed: 17,
        aboveGrade: EXCELLENT,
        belowGrade: GOOD,
        by: "majority_value",
      },
      {
        above: "nashville",
        below: "knoxville",
        removed: 16,
        aboveGrade: GOOD,
        belowGrade: REJECT,
        by: "majority_value",
      },
    ]);
  });

  it("separates identical distributions by lot, the same for the same seed", () => {
    const ballots = [graded({ a: GOOD, b: GOOD }), graded({ a: FAIR, b: FAIR })];
    const result = countMajorityJudgment(["a", "b"], GRADES, ballots, "seed");
    expect(result.tieBreaks[0]?.by).toBe("lot");
    expect(countMajorityJudgment(["b", "a"], GRADES, [...ballots].reverse(), "seed").order).toEqual(
      result.order,
    );
  });

  it("counts blank ballots as cast, for no one", () => {
    const result = countMajorityJudgment(
      ["a", "b"],
      GRADES,
      [graded({ a: GOOD, b: FAIR }), { kind: "blank" }],
      "seed",
    );
    expect(result).toMatchObject({ cast: 2, blank: 1, winner: "a" });
    expect(result.candidates[0]?.distribution).toEqual([0, 0, 1, 0, 0]);
  });

  it("agrees with the majority gauge wherever the gauges differ, and not with the ballots' order", () => {
    const random = randomSource(5);
    const ids = ["a", "b", "c", "d"];
    for (let run = 0; run < 200; run++) {
      const ballots = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        graded(Object.fromEntries(ids.map((id) => [id, Math.floor(random() * GRADES.length)]))),
      );
      const result = countMajorityJudgment(ids, GRADES, ballots, "seed");
      const gauges = new Map(result.candidates.map((c) => [c.id, gauge(c.distribution)]));
      for (let i = 1; i < result.order.length; i++) {
        const [above, below] = [
          gauges.get(result.order[i - 1] as string),
          gauges.get(result.order[i] as string),
        ] as [number, number][];
        const byGauge = (above[0] - below[0]) * 1e6 + (above[1] - below[1]);
        expect(byGauge, `run ${run}`).toBeLessThanOrEqual(0);
      }
      expect(countMajorityJudgment(ids, GRADES, shuffled(ballots, random), "seed")).toEqual(result);
    }
  });
});
