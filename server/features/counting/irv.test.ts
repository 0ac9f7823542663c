import { describe, expect, it } from "vitest";
import { countIrv } from "./irv";
import { countStv } from "./stv";
import { randomSource, ranked, shuffled, TENNESSEE, tennessee, times } from "./test-ballots";

describe("instant runoff", () => {
  it("elects Knoxville in Wikipedia's Tennessee example, eliminating Chattanooga then Nashville", () => {
    const result = countIrv(TENNESSEE, tennessee(), "seed");
    expect(result.winner).toBe("knoxville");
    expect(result.rounds.map((round) => round.eliminated)).toEqual(["chattanooga", "nashville", null]);
    expect(result.rounds[0]).toMatchObject({
      totals: { memphis: 42, nashville: 26, chattanooga: 15, knoxville: 17 },
      transfers: { knoxville: 15 },
    });
    expect(result.rounds[1]).toMatchObject({
      totals: { memphis: 42, nashville: 26, knoxville: 32 },
      transfers: { knoxville: 26 },
    });
    expect(result.rounds[2]?.totals).toEqual({ memphis: 42, knoxville: 58 });
  });

  it("elects in round 1 a candidate with more than half the first preferences", () => {
    const result = countIrv(
      ["a", "b", "c"],
      [...times(51, ranked("a")), ...times(30, ranked("b", "c")), ...times(19, ranked("c", "b"))],
      "seed",
    );
    expect(result.rounds).toHaveLength(1);
    expect(result.winner).toBe("a");
  });

  it("counts exhausted ballots and leaves them out of the majority", () => {
    const ballots = [
      ...times(4, ranked("a")),
      ...times(3, ranked("b")),
      ...times(2, ranked("c")),
      { kind: "blank" } as const,
    ];
    const result = countIrv(["a", "b", "c"], ballots, "seed");
    expect(result).toMatchObject({ cast: 10, blank: 1, winner: "a" });
    expect(result.rounds[0]?.transfers).toEqual({ exhausted: 2 });
    // Round 2: a has 4 of the 7 ballots still in the count.
    expect(result.rounds[1]).toMatchObject({ exhausted: 2, active: 7, winner: "a" });
  });

  it("never depends on the order of the ballots", () => {
    const random = randomSource(11);
    const ids = ["a", "b", "c", "d", "e"];
    for (let run = 0; run < 20; run++) {
      const ballots = Array.from({ length: 41 }, () =>
        ranked(...shuffled(ids, random).slice(0, 1 + Math.floor(random() * 5))),
      );
      expect(countIrv(ids, shuffled(ballots, random), "seed")).toEqual(countIrv(ids, ballots, "seed"));
    }
  });

  it("agrees with STV for one seat on random elections (two independent counts)", () => {
    const random = randomSource(2024);
    for (let run = 0; run < 300; run++) {
      const ids = ["a", "b", "c", "d", "e", "f"].slice(0, 2 + Math.floor(random() * 5));
      // Few distinct rankings, some truncated, so ties, exhausted ballots and close rounds are common.
      const kinds = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        shuffled(ids, random).slice(0, 1 + Math.floor(random() * ids.length)),
      );
      const count = 1 + Math.floor(random() * 60);
      const ballots = Array.from({ length: count }, () =>
        ranked(...(kinds[Math.floor(random() * kinds.length)] as string[])),
      );
      const irv = countIrv(ids, ballots, `seed-${run}`);
      const stv = countStv(ids, 1, ballots, `seed-${run}`);
      expect(stv.elected, `run ${run}`).toEqual([irv.winner]);
      // STV may exclude more after IRV has its majority of active ballots, never other candidates first.
      const eliminated = irv.rounds.map((round) => round.eliminated).filter((id) => id !== null);
      expect(stv.excluded.slice(0, eliminated.length), `run ${run}`).toEqual(eliminated);
    }
  });
});
