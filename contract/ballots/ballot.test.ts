import { describe, expect, it } from "vitest";
import { type Ballot, ballotMessages, validateBallot } from "./ballot";
import { ballotSchema } from "./ballot-input";
import type { Question, QuestionMethod } from "./question";
import { questionSchema } from "./question-input";

const candidates = ["a", "b", "c", "d"].map((id) => ({ id, name: id.toUpperCase() }));
function question(method: QuestionMethod, blank = false): Question {
  return {
    title: "Board",
    candidates: method.kind === "referendum" ? [] : candidates,
    method,
    blank,
    order: "as_entered",
  };
}
const GRADES = ["Excellent", "Good", "Fair", "Reject"];
const grades = (values: Record<string, number>): Ballot => ({ kind: "grades", grades: values });
const scores = (values: Record<string, number>): Ballot => ({ kind: "scores", scores: values });
const ranking = (...ranks: string[][]): Ballot => ({ kind: "ranking", ranks });

describe("validateBallot", () => {
  const cases: [string, QuestionMethod, Ballot, string | null][] = [
    ["a plurality choice", { kind: "plurality" }, { kind: "choice", candidate: "a" }, null],
    [
      "a foreign candidate",
      { kind: "plurality" },
      { kind: "choice", candidate: "z" },
      ballotMessages.foreign,
    ],
    ["the wrong kind of ballot", { kind: "plurality" }, ranking(["a"]), ballotMessages.wrongKind],
    [
      "too many for the seats",
      { kind: "block", seats: 2 },
      { kind: "set", candidates: ["a", "b", "c"] },
      ballotMessages.tooMany(2),
    ],
    [
      "a repeated choice",
      { kind: "block", seats: 2 },
      { kind: "set", candidates: ["a", "a"] },
      ballotMessages.repeated,
    ],
    [
      "too few approvals",
      { kind: "approval", min: 2, max: 3, seats: 1 },
      { kind: "set", candidates: ["a"] },
      ballotMessages.tooFew(2),
    ],
    [
      "too many approvals",
      { kind: "approval", min: 0, max: 3, seats: 1 },
      { kind: "set", candidates: ["a", "b", "c", "d"] },
      ballotMessages.tooMany(3),
    ],
    [
      "approvals within the limits",
      { kind: "approval", min: 1, max: 3, seats: 1 },
      { kind: "set", candidates: ["a", "c"] },
      null,
    ],
    [
      "a repeated candidate in a ranking",
      { kind: "irv" },
      ranking(["a"], ["b"], ["a"]),
      ballotMessages.repeated,
    ],
    [
      "a foreign candidate in a ranking",
      { kind: "stv", seats: 2 },
      ranking(["a"], ["q"]),
      ballotMessages.foreign,
    ],
    [
      "a shared rank in STV",
      { kind: "stv", seats: 2 },
      ranking(["a", "b"], ["c"]),
      ballotMessages.sharedRank,
    ],
    ["a shared rank in Schulze", { kind: "schulze" }, ranking(["a", "b"], ["c"]), null],
    [
      "Abstain where not allowed",
      { kind: "referendum", threshold: "majority", base: "cast", abstain: false },
      { kind: "answer", answer: "abstain" },
      ballotMessages.abstainNotAllowed,
    ],
    [
      "Abstain where allowed",
      { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
      { kind: "answer", answer: "abstain" },
      null,
    ],
    [
      "a grade outside the scale",
      { kind: "majority_judgment", grades: GRADES },
      grades({ a: 0, b: 1, c: 4, d: 0 }),
      ballotMessages.gradeOutside,
    ],
    [
      "a missing grade",
      { kind: "majority_judgment", grades: GRADES },
      grades({ a: 0, b: 1, c: 3 }),
      ballotMessages.gradeMissing,
    ],
    [
      "a grade for a foreign candidate",
      { kind: "majority_judgment", grades: GRADES },
      grades({ a: 0, b: 1, c: 3, x: 0 }),
      ballotMessages.foreign,
    ],
    [
      "every candidate graded",
      { kind: "majority_judgment", grades: GRADES },
      grades({ a: 0, b: 1, c: 3, d: 2 }),
      null,
    ],
    [
      "a score over the maximum",
      { kind: "score", max: 5 },
      scores({ a: 6, b: 0, c: 0, d: 0 }),
      ballotMessages.scoreOver(5),
    ],
    [
      "a score below 0",
      { kind: "score", max: 5 },
      scores({ a: -1, b: 0, c: 0, d: 0 }),
      ballotMessages.scoreNegative,
    ],
    [
      "a fractional score",
      { kind: "score", max: 5 },
      scores({ a: 2.5, b: 0, c: 0, d: 0 }),
      ballotMessages.scoreNotWhole,
    ],
    ["a missing score", { kind: "score", max: 5 }, scores({ a: 5 }), ballotMessages.scoreMissing],
  ];
  for (const [name, method, ballot, expected] of cases) {
    it(`${expected === null ? "accepts" : "refuses"} ${name}`, () => {
      expect(validateBallot(question(method), ballot)).toBe(expected);
    });
  }

  it("refuses an empty ballot where blank is not allowed, and takes it as blank where it is", () => {
    const block: QuestionMethod = { kind: "block", seats: 2 };
    for (const empty of [{ kind: "blank" }, { kind: "set", candidates: [] }] as Ballot[]) {
      expect(validateBallot(question(block), empty)).toBe(ballotMessages.blankNotAllowed);
      expect(validateBallot(question(block, true), empty)).toBeNull();
    }
    expect(validateBallot(question({ kind: "irv" }), ranking())).toBe(ballotMessages.blankNotAllowed);
  });

  it("parses ballots with their schema first", () => {
    expect(ballotSchema.safeParse({ kind: "ranking", ranks: [[]] }).success).toBe(false);
    expect(ballotSchema.safeParse({ kind: "choice", candidate: "a" }).success).toBe(true);
  });
});

describe("questionSchema", () => {
  it("accepts each method and refuses what cannot be counted", () => {
    expect(questionSchema.safeParse(question({ kind: "stv", seats: 3 })).success).toBe(true);
    expect(questionSchema.safeParse(question({ kind: "stv", seats: 5 })).error?.issues[0]?.message).toBe(
      "There are fewer candidates than seats.",
    );
    expect(questionSchema.safeParse(question({ kind: "approval", min: 3, max: 2, seats: 1 })).success).toBe(
      false,
    );
    expect(
      questionSchema.safeParse(question({ kind: "majority_judgment", grades: ["Good", "Bad", "Ugly"] }))
        .success,
    ).toBe(false);
    expect(
      questionSchema.safeParse(
        question({ kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true }),
      ).success,
    ).toBe(true);
    expect(
      questionSchema.safeParse({
        ...question({ kind: "plurality" }),
        candidates: [candidates[0], candidates[0]],
      }).success,
    ).toBe(false);
  });
});
