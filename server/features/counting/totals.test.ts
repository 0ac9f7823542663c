import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import { countApproval } from "./approval";
import { countBlock } from "./block";
import { countPlurality } from "./plurality";
import { countReferendum } from "./referendum";
import { countScore } from "./score";
import { randomSource, shuffled, times } from "./test-ballots";

const choice = (candidate: string): Ballot => ({ kind: "choice", candidate });
const set = (...candidates: string[]): Ballot => ({ kind: "set", candidates });
const answer = (value: "yes" | "no" | "abstain"): Ballot => ({ kind: "answer", answer: value });
const blank: Ballot = { kind: "blank" };
const CITIES = ["memphis", "nashville", "chattanooga", "knoxville"];

describe("plurality", () => {
  it("elects Memphis in Wikipedia's Tennessee example (first preferences 42, 26, 15, 17)", () => {
    const ballots = [
      ...times(42, choice("memphis")),
      ...times(26, choice("nashville")),
      ...times(15, choice("chattanooga")),
      ...times(17, choice("knoxville")),
    ];
    const result = countPlurality(CITIES, ballots, "seed");
    expect(result).toMatchObject({ cast: 100, blank: 0, elected: ["memphis"], tie: null });
    expect(result.order).toEqual(["memphis", "nashville", "knoxville", "chattanooga"]);
  });

  it("counts a blank as cast, for no one", () => {
    const result = countPlurality(["a", "b"], [choice("a"), blank, blank], "seed");
    expect(result).toMatchObject({ cast: 3, blank: 2, totals: { a: 1, b: 0 }, elected: ["a"] });
  });

  it("settles a tie for the seat by the seed's lot, whatever the order of ballots or candidates", () => {
    const ballots = [choice("a"), choice("b"), choice("c")];
    const result = countPlurality(["a", "b", "c"], ballots, "seed-7");
    expect(result.tie).toEqual({ tied: result.order, elected: result.elected });
    const again = countPlurality(["c", "b", "a"], shuffled(ballots, randomSource(1)), "seed-7");
    expect(again.elected).toEqual(result.elected);
  });
});

describe("block plurality and approval", () => {
  it("elects the k with most votes", () => {
    const ballots = [...times(3, set("a", "b")), ...times(2, set("c", "d")), set("b", "c"), set()];
    const result = countBlock(["a", "b", "c", "d"], 2, ballots, "seed");
    expect(result).toMatchObject({ cast: 7, blank: 1, totals: { a: 3, b: 4, c: 3, d: 2 } });
    expect(result.elected[0]).toBe("b");
    // a and c tie for the second seat: the lot chose one, and the result says so.
    expect(result.tie?.tied.sort()).toEqual(["a", "c"]);
  });

  it("counts approvals", () => {
    const result = countApproval(["a", "b", "c"], 1, [set("a", "b", "c"), set("b"), set("b", "c")], "seed");
    expect(result).toMatchObject({ totals: { a: 1, b: 3, c: 2 }, elected: ["b"], tie: null });
  });
});

describe("a seat no one was chosen for", () => {
  it("elects no one, with no tie, when no ballot chose anyone (blank ones or none at all)", () => {
    for (const ballots of [[], [blank, blank]])
      expect(countPlurality(["a", "b"], ballots, "seed")).toMatchObject({ elected: [], tie: null });
  });

  it("still fills a block's seats once someone was chosen, a seat beyond them by lot, as it always has", () => {
    const result = countBlock(["a", "b", "c", "d"], 3, [set("a", "b"), set("a")], "seed");
    expect(result.elected.slice(0, 2)).toEqual(["a", "b"]);
    expect(result.elected).toHaveLength(3);
    expect(result.tie?.tied.sort()).toEqual(["c", "d"]);
  });
});

describe("score", () => {
  it("elects Nashville in electowiki's Tennessee ratings (400 minus the miles to each city)", () => {
    const rate = (memphis: number, nashville: number, chattanooga: number, knoxville: number): Ballot => ({
      kind: "scores",
      scores: { memphis, nashville, chattanooga, knoxville },
    });
    const ballots = [
      ...times(42, rate(400, 200, 133, 45)),
      ...times(26, rate(200, 400, 290, 240)),
      ...times(15, rate(133, 290, 400, 296)),
      ...times(17, rate(45, 240, 296, 400)),
    ];
    const result = countScore(CITIES, ballots, "seed");
    expect(result.totals).toEqual({ memphis: 24760, nashville: 27230, chattanooga: 24158, knoxville: 19370 });
    expect(result.elected).toEqual(["nashville"]);
  });
});

describe("referendum", () => {
  const vote = (yes: number, no: number, abstain = 0) => [
    ...times(yes, answer("yes")),
    ...times(no, answer("no")),
    ...times(abstain, answer("abstain")),
  ];

  it("passes a simple majority with more than half of Yes and No, abstentions shown but not counted", () => {
    expect(countReferendum({ threshold: "majority", base: "cast" }, vote(51, 49, 30))).toMatchObject({
      passed: true,
      baseCount: 100,
      yesNeeded: 51,
      abstain: 30,
    });
    expect(countReferendum({ threshold: "majority", base: "cast" }, vote(50, 50, 30)).passed).toBe(false);
  });

  it("passes two thirds and three quarters exactly at the line", () => {
    expect(countReferendum({ threshold: "two_thirds", base: "cast" }, vote(200, 100))).toMatchObject({
      passed: true,
      yesNeeded: 200,
    });
    expect(countReferendum({ threshold: "two_thirds", base: "cast" }, vote(199, 101)).passed).toBe(false);
    expect(countReferendum({ threshold: "three_quarters", base: "cast" }, vote(75, 25)).passed).toBe(true);
    expect(countReferendum({ threshold: "three_quarters", base: "cast" }, vote(74, 25)).passed).toBe(false);
  });

  it("measures against the eligible voters when asked, and counts blanks as cast", () => {
    const result = countReferendum({ threshold: "two_thirds", base: "eligible", eligible: 90 }, [
      ...vote(50, 0),
      blank,
    ]);
    expect(result).toMatchObject({ cast: 51, blank: 1, baseCount: 90, yesNeeded: 60, passed: false });
    expect(countReferendum({ threshold: "majority", base: "cast" }, [blank]).passed).toBe(false);
  });
});
