import { describe, expect, it } from "vitest";
import {
  addRanked,
  isAnswered,
  moveRanked,
  moveTo,
  numbersFromRanks,
  rankingBallot,
  ranksFromNumbers,
  removeRanked,
  voterOrder,
} from "./ballotDraft";

describe("ranking moves", () => {
  it("adds last, once", () => {
    expect(addRanked(["a"], "b")).toEqual(["a", "b"]);
    expect(addRanked(["a", "b"], "a")).toEqual(["a", "b"]);
  });

  it("removes", () => {
    expect(removeRanked(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });

  it("moves up and down, never out of the list", () => {
    expect(moveRanked(["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b"]);
    expect(moveRanked(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
    expect(moveRanked(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveRanked(["a", "b", "c"], "c", 1)).toEqual(["a", "b", "c"]);
    expect(moveRanked(["a", "b"], "x", 1)).toEqual(["a", "b"]);
  });

  it("places a dropped candidate at an index, from inside or outside", () => {
    expect(moveTo(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(moveTo(["a", "b"], "x", 1)).toEqual(["a", "x", "b"]);
    expect(moveTo(["a", "b"], "x", 9)).toEqual(["a", "b", "x"]);
  });

  it("makes one candidate per rank", () => {
    expect(rankingBallot(["b", "a"])).toEqual({ kind: "ranking", ranks: [["b"], ["a"]] });
  });
});

describe("Schulze rank numbers", () => {
  it("groups equal numbers and closes gaps, in the ballot's order within a rank", () => {
    expect(ranksFromNumbers({ a: 2, b: 1, c: 2, d: 5 }, ["a", "b", "c", "d", "e"])).toEqual([
      ["b"],
      ["a", "c"],
      ["d"],
    ]);
    expect(ranksFromNumbers({}, ["a"])).toEqual([]);
  });

  it("reads a ranking back as numbers", () => {
    expect(numbersFromRanks([["b"], ["a", "c"]])).toEqual({ b: 1, a: 2, c: 2 });
  });
});

describe("a voter's candidate order", () => {
  const ids = ["a", "b", "c", "d", "e", "f", "g", "h"];

  it("is stable for the same voter and question", () => {
    expect(voterOrder(ids, "voter-1", "q-1")).toEqual(voterOrder(ids, "voter-1", "q-1"));
  });

  it("keeps every candidate once", () => {
    expect([...voterOrder(ids, "voter-1", "q-1")].sort()).toEqual(ids);
  });

  it("differs between voters and between questions", () => {
    const orders = new Set(
      ["v1", "v2", "v3", "v4", "v5"].flatMap((voter) =>
        ["q1", "q2"].map((question) => voterOrder(ids, voter, question).join("")),
      ),
    );
    expect(orders.size).toBeGreaterThan(5);
  });

  it("puts each candidate first about equally often over many voters", () => {
    const first = new Map<string, number>();
    for (let v = 0; v < 4000; v++) {
      const top = voterOrder(ids, `voter-${v}`, "q")[0] as string;
      first.set(top, (first.get(top) ?? 0) + 1);
    }
    for (const id of ids) expect(first.get(id)).toBeGreaterThan(350);
  });
});

describe("isAnswered", () => {
  it("counts a blank vote and real answers, not empty drafts", () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered({ kind: "blank" })).toBe(true);
    expect(isAnswered({ kind: "set", candidates: [] })).toBe(false);
    expect(isAnswered({ kind: "ranking", ranks: [] })).toBe(false);
    expect(isAnswered({ kind: "grades", grades: {} })).toBe(false);
    expect(isAnswered({ kind: "scores", scores: { a: 0 } })).toBe(true);
    expect(isAnswered({ kind: "answer", answer: "no" })).toBe(true);
  });
});
