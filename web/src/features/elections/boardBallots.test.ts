import { describe, expect, it } from "vitest";
import type { QuestionMethod } from "../../../../contract/ballots/question";
import type { QuestionResult } from "../../../../contract/ballots/result";
import { type BoardPosition, boardAnswer, methodText, mineFirst, outcomeText, pageOf } from "./boardBallots";

const people = ["Ada Lovelace", "Alan Turing", "Grace Hopper"].map((name, i) => ({
  id: `c${i}`,
  name,
  party: "",
}));
const position = (method: QuestionMethod, blank = false): BoardPosition => ({
  id: "p1",
  title: "Board of Directors",
  method,
  blank,
  candidates: method.kind === "referendum" ? [] : people,
});

describe("boardAnswer", () => {
  it("says every kind of sealed answer with the board's candidate names", () => {
    const stv = position({ kind: "stv", seats: 2 });
    expect(
      boardAnswer(stv, { candidate_id: null, ballot: { kind: "ranking", ranks: [["c0"], ["c1"], ["c2"]] } }),
    ).toBe("1. Ada Lovelace, 2. Alan Turing, 3. Grace Hopper");
    expect(
      boardAnswer(position({ kind: "schulze" }), {
        candidate_id: null,
        ballot: { kind: "ranking", ranks: [["c2", "c0"], ["c1"]] },
      }),
    ).toBe("1. Grace Hopper = Ada Lovelace (same rank), 2. Alan Turing");
    expect(
      boardAnswer(position({ kind: "approval", min: 1, max: 3, seats: 1 }), {
        candidate_id: null,
        ballot: { kind: "set", candidates: ["c1", "c2"] },
      }),
    ).toBe("Alan Turing, Grace Hopper");
    const motion = position({ kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true });
    expect(boardAnswer(motion, { candidate_id: null, ballot: { kind: "answer", answer: "abstain" } })).toBe(
      "Abstain",
    );
    const mj = position({ kind: "majority_judgment", grades: ["Excellent", "Good", "Fair", "Reject"] });
    expect(
      boardAnswer(mj, { candidate_id: null, ballot: { kind: "grades", grades: { c0: 0, c1: 3, c2: 1 } } }),
    ).toBe("Ada Lovelace: Excellent, Alan Turing: Reject, Grace Hopper: Good");
    expect(
      boardAnswer(position({ kind: "score", max: 5 }), {
        candidate_id: null,
        ballot: { kind: "scores", scores: { c0: 5, c1: 0, c2: 2 } },
      }),
    ).toBe("Ada Lovelace: 5, Alan Turing: 0, Grace Hopper: 2");
    expect(boardAnswer(stv, { candidate_id: null, ballot: { kind: "blank" } })).toBe("Blank vote");
    expect(boardAnswer(position({ kind: "plurality" }), { candidate_id: "c1", ballot: null })).toBe(
      "Alan Turing",
    );
  });

  it("says nothing while the answers wait for the close", () => {
    expect(boardAnswer(position({ kind: "irv" }), { candidate_id: null, ballot: null })).toBeNull();
  });
});

/** An STV count of the three, with its stages and who it elected and excluded. */
const stvCount = (
  seats: number,
  stages: Extract<QuestionResult, { method: "stv" }>["result"]["stages"],
  elected: string[],
  excluded: string[],
): QuestionResult => ({
  method: "stv",
  result: { cast: 3, blank: 0, valid: 3, seats, quota: 2, stages, elected, excluded, lastVacancies: null },
});

describe("outcomeText", () => {
  it("names the elected in the order the count elected them", () => {
    const counted = stvCount(2, [], ["c2", "c0"], ["c1"]);
    expect(outcomeText(position({ kind: "stv", seats: 2 }), counted, null)).toBe(
      "Elected: Grace Hopper, Ada Lovelace",
    );
  });

  it("below its quorum or cancelled, names no one elected: only who is ahead, and that it is not valid", () => {
    const counted = stvCount(2, [], ["c2", "c0"], ["c1"]);
    expect(outcomeText(position({ kind: "stv", seats: 2 }), counted, "Not valid")).toBe(
      "Not valid, no one elected; ahead in the count: Grace Hopper, Ada Lovelace",
    );
    expect(outcomeText(position({ kind: "stv", seats: 2 }), counted, "Cancelled")).toBe(
      "Cancelled, no one elected; ahead in the count: Grace Hopper, Ada Lovelace",
    );
  });

  it("says how a tie was decided, as the results screens do", () => {
    const counted: QuestionResult = {
      method: "plurality",
      result: {
        cast: 2,
        blank: 0,
        totals: { c0: 1, c1: 1, c2: 0 },
        order: ["c1", "c0", "c2"],
        elected: ["c1"],
        tie: { tied: ["c1", "c0"], elected: ["c1"] },
      },
    };
    expect(outcomeText(position({ kind: "plurality" }), counted, null)).toMatch(
      /^Elected: Alan Turing\. Alan Turing tied with Ada Lovelace; decided by /,
    );
  });

  it("says an STV tie decided by earlier totals in stages, the count's word", () => {
    const stage = (
      number: number,
      tieBreak?: { tied: string[]; chosen: string; by: "earlier"; round: number },
    ) => ({
      number,
      kind: "exclusion" as const,
      transfers: {},
      nonTransferable: { ballots: 0, votes: 0 },
      exhausted: { ballots: 0, votes: 0 },
      lostToTruncation: 0,
      totals: {},
      elected: [],
      excluded: [],
      ...(tieBreak ? { tieBreak } : {}),
    });
    const tie = { tied: ["c1", "c2"], chosen: "c2", by: "earlier" as const, round: 1 };
    const counted = stvCount(1, [stage(1), stage(2, tie)], ["c0"], ["c2", "c1"]);
    expect(outcomeText(position({ kind: "stv", seats: 1 }), counted, null)).toBe(
      "Elected: Ada Lovelace. Grace Hopper excluded: tied with Alan Turing; decided by the totals of stage 1",
    );
  });

  it("says whether a motion passed, with its votes and the Yes needed", () => {
    const counted: QuestionResult = {
      method: "referendum",
      result: {
        cast: 42,
        yes: 27,
        no: 12,
        abstain: 3,
        blank: 0,
        threshold: "two_thirds",
        base: "cast",
        baseCount: 39,
        yesNeeded: 26,
        passed: true,
      },
    };
    const motion = position({ kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true });
    expect(outcomeText(motion, counted, null)).toBe("Passed: 27 Yes, 12 No, 3 Abstain (26 Yes needed)");
    // Below its quorum, or cancelled: the count decides nothing.
    expect(outcomeText(motion, counted, "Not valid")).toBe(
      "Not valid, not carried: 27 Yes, 12 No, 3 Abstain (26 Yes needed)",
    );
    expect(methodText(motion)).toBe("Referendum: Two thirds of the Yes and No votes");
  });
});

describe("pages of ballots", () => {
  it("cuts thousands of ballots into pages of 50 and keeps the page in range", () => {
    expect(pageOf(3000, 0)).toEqual({ page: 0, pages: 60, from: 0, to: 50 });
    expect(pageOf(3001, 60)).toEqual({ page: 60, pages: 61, from: 3000, to: 3001 });
    expect(pageOf(120, 9)).toEqual({ page: 2, pages: 3, from: 100, to: 120 });
    expect(pageOf(0, 0)).toEqual({ page: 0, pages: 1, from: 0, to: 0 });
  });

  it("puts the voter's own ballots first and keeps the rest in order", () => {
    const ballots = ["a", "b", "c", "d"].map((receipt_hash) => ({ receipt_hash }));
    expect(mineFirst(ballots, new Set(["c"])).map((b) => b.receipt_hash)).toEqual(["c", "a", "b", "d"]);
    expect(mineFirst(ballots, new Set())).toBe(ballots);
  });
});
