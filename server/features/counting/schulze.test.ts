import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import { countSchulze, strongestPaths } from "./schulze";
import { randomSource, ranked, shuffled, TENNESSEE, tennessee, times } from "./test-ballots";

/** Wikipedia, "Schulze method", section "Example": 45 voters, candidates A to E. */
const WIKIPEDIA: Ballot[] = [
  ...times(5, ranked("A", "C", "B", "E", "D")),
  ...times(5, ranked("A", "D", "E", "C", "B")),
  ...times(8, ranked("B", "E", "D", "A", "C")),
  ...times(3, ranked("C", "A", "B", "E", "D")),
  ...times(7, ranked("C", "A", "E", "B", "D")),
  ...times(2, ranked("C", "B", "A", "D", "E")),
  ...times(7, ranked("D", "C", "E", "B", "A")),
  ...times(8, ranked("E", "B", "A", "D", "C")),
];

/** The strongest path from i to j by trying every simple path (a second, independent way). */
function bruteForcePaths(d: number[][]): number[][] {
  const n = d.length;
  const link = (i: number, j: number) =>
    (d[i]?.[j] as number) > (d[j]?.[i] as number) ? (d[i]?.[j] as number) : 0;
  const best = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const walk = (start: number, at: number, strength: number, seen: Set<number>) => {
    for (let next = 0; next < n; next++) {
      if (seen.has(next) || link(at, next) === 0) continue;
      const s = Math.min(strength, link(at, next));
      const row = best[start] as number[];
      if (s > (row[next] as number)) row[next] = s;
      seen.add(next);
      walk(start, next, s, seen);
      seen.delete(next);
    }
  };
  for (let i = 0; i < n; i++) walk(i, i, Number.POSITIVE_INFINITY, new Set([i]));
  return best;
}

describe("Schulze", () => {
  it("gives Wikipedia's matrices and order E > A > C > B > D", () => {
    const result = countSchulze(["A", "B", "C", "D", "E"], WIKIPEDIA, "seed");
    expect(result.pairwise).toEqual([
      [0, 20, 26, 30, 22],
      [25, 0, 16, 33, 18],
      [19, 29, 0, 17, 24],
      [15, 12, 28, 0, 14],
      [23, 27, 21, 31, 0],
    ]);
    expect(result.strongest).toEqual([
      [0, 28, 28, 30, 24],
      [25, 0, 28, 33, 24],
      [25, 29, 0, 29, 24],
      [25, 28, 28, 0, 24],
      [25, 28, 28, 31, 0],
    ]);
    expect(result.order).toEqual([["E"], ["A"], ["C"], ["B"], ["D"]]);
    expect(result.winner).toBe("E");
  });

  it("elects the Condorcet winner: Nashville in the Tennessee example", () => {
    const result = countSchulze(TENNESSEE, tennessee(), "seed");
    expect(result.winners).toEqual(["nashville"]);
    expect(result.order).toEqual([["nashville"], ["chattanooga"], ["knoxville"], ["memphis"]]);
  });

  it("accepts equal ranks and puts unranked candidates last, equal", () => {
    const ballots: Ballot[] = [
      { kind: "ranking", ranks: [["a", "b"], ["c"]] },
      { kind: "ranking", ranks: [["c"]] },
      { kind: "blank" },
    ];
    const result = countSchulze(["a", "b", "c", "d"], ballots, "seed");
    expect(result.pairwise[0]).toEqual([0, 0, 1, 1]);
    expect(result.pairwise[2]).toEqual([1, 1, 0, 2]);
    expect(result).toMatchObject({ cast: 3, blank: 1 });
  });

  it("shares the first place in a perfect tie and names one winner by lot", () => {
    const result = countSchulze(["a", "b"], [ranked("a", "b"), ranked("b", "a")], "seed");
    expect(result.winners).toEqual(["a", "b"]);
    expect(["a", "b"]).toContain(result.winner);
    expect(countSchulze(["a", "b"], [ranked("b", "a"), ranked("a", "b")], "seed").winner).toBe(result.winner);
  });

  it("finds the same strongest paths as a search of every path, and a Condorcet winner always wins", () => {
    const random = randomSource(99);
    for (let run = 0; run < 200; run++) {
      const ids = ["a", "b", "c", "d", "e", "f"].slice(0, 2 + Math.floor(random() * 5));
      const ballots = Array.from({ length: 1 + Math.floor(random() * 25) }, (): Ballot => {
        const order = shuffled(ids, random);
        const ranks: string[][] = [];
        for (const id of order.slice(0, 1 + Math.floor(random() * order.length))) {
          if (ranks.length > 0 && random() < 0.3) ranks[ranks.length - 1]?.push(id);
          else ranks.push([id]);
        }
        return { kind: "ranking", ranks };
      });
      const result = countSchulze(ids, ballots, "seed");
      expect(result.strongest, `run ${run}`).toEqual(bruteForcePaths(result.pairwise));
      expect(strongestPaths(result.pairwise)).toEqual(result.strongest);
      const condorcet = ids.findIndex((_, i) =>
        ids.every(
          (__, j) => i === j || (result.pairwise[i]?.[j] as number) > (result.pairwise[j]?.[i] as number),
        ),
      );
      if (condorcet >= 0) expect(result.winners, `run ${run}`).toEqual([ids[condorcet]]);
      expect(countSchulze(ids, shuffled(ballots, random), "seed")).toEqual(result);
    }
  });
});
