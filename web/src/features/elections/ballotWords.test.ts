import { describe, expect, it } from "vitest";
import type { QuestionMethod } from "../../../../contract/ballots/question";
import { answerWords, type QuestionWords, rulesText } from "./ballotWords";
import { reviewLine } from "./reviewWords";

const candidates = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra"].map((name, i) => ({
  id: `c${i}`,
  name,
}));
const question = (method: QuestionMethod, blank = false, title = "Board of Directors"): QuestionWords => ({
  title,
  method,
  blank,
  candidates: method.kind === "referendum" ? [] : candidates,
});

describe("rulesText", () => {
  it("says each method's rules", () => {
    expect(rulesText(question({ kind: "plurality" }))).toBe(
      "Choose one. The candidate with the most votes wins.",
    );
    expect(rulesText(question({ kind: "block", seats: 3 }))).toBe(
      "Choose up to 3. The 3 candidates with the most votes are elected.",
    );
    expect(rulesText(question({ kind: "irv" }))).toBe(
      "Rank as many as you like; your vote moves to your next choice if your first is eliminated.",
    );
    expect(rulesText(question({ kind: "stv", seats: 3 }))).toContain("3 seats are filled");
    expect(rulesText(question({ kind: "schulze" }))).toContain("same rank");
    expect(
      rulesText(question({ kind: "majority_judgment", grades: ["Excellent", "Good", "Fair", "Reject"] })),
    ).toBe(
      "Give every candidate a grade, from Excellent to Reject. The candidate with the best median grade wins.",
    );
    expect(rulesText(question({ kind: "score", max: 10 }))).toBe(
      "Give every candidate a score from 0 to 10. The highest total wins.",
    );
  });

  it("says approval limits as the admin set them", () => {
    const approval = (min: number, max: number, seats = 1) =>
      rulesText(question({ kind: "approval", min, max, seats }));
    // One rule: the limits and what is chosen in one sentence, never two that disagree.
    expect(approval(0, 4)).toMatch(/^Choose every candidate you approve of\. The candidate/);
    expect(approval(0, 2)).toMatch(/^Choose up to 2 of the candidates you approve of\./);
    expect(approval(1, 2)).toMatch(/^Choose between 1 and 2 of the candidates you approve of\./);
    expect(approval(1, 4)).toMatch(/^Choose at least 1 of the candidates you approve of\./);
    expect(approval(2, 4)).toMatch(/^Choose at least 2 of/);
    expect(approval(2, 3)).toMatch(/^Choose between 2 and 3 of/);
    expect(approval(2, 2)).toMatch(/^Choose exactly 2 of the candidates you approve of\./);
    expect(approval(0, 4, 2)).toContain("The 2 candidates with the most approvals are elected.");
  });

  it("says a referendum's threshold and base, and Abstain and blank when allowed", () => {
    expect(
      rulesText(question({ kind: "referendum", threshold: "two_thirds", base: "cast", abstain: false })),
    ).toBe("Answer Yes or No. Passes with two thirds of the Yes and No votes.");
    expect(
      rulesText(
        question({ kind: "referendum", threshold: "majority", base: "eligible", abstain: true }, true),
      ),
    ).toBe(
      "Answer Yes, No or Abstain. Abstentions are shown but not counted. Passes with more than half of everyone on the voter roll. You may vote blank.",
    );
  });
});

describe("review words", () => {
  it("says each answer", () => {
    expect(
      reviewLine(question({ kind: "plurality" }, false, "Treasurer"), { kind: "choice", candidate: "c0" }),
    ).toBe("Treasurer: Ada Lovelace");
    expect(
      reviewLine(question({ kind: "stv", seats: 2 }), { kind: "ranking", ranks: [["c1"], ["c0"], ["c3"]] }),
    ).toBe("Board of Directors (rank): 1. Grace Hopper, 2. Ada Lovelace, 3. Edsger Dijkstra");
    expect(
      reviewLine(
        question(
          { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
          false,
          "Motion 3",
        ),
        {
          kind: "answer",
          answer: "yes",
        },
      ),
    ).toBe("Motion 3: Yes");
    expect(reviewLine(question({ kind: "irv" }, true, "Chair"), { kind: "blank" })).toBe("Chair: Blank vote");
    expect(
      reviewLine(question({ kind: "approval", min: 0, max: 4, seats: 1 }), {
        kind: "set",
        candidates: ["c2", "c0"],
      }),
    ).toBe("Board of Directors (choices): Alan Turing, Ada Lovelace");
  });

  it("says ties, grades and scores in the question's candidate order", () => {
    expect(
      answerWords(question({ kind: "schulze" }), { kind: "ranking", ranks: [["c0", "c1"], ["c2"]] }),
    ).toBe("1. Ada Lovelace = Grace Hopper (same rank), 2. Alan Turing");
    expect(
      answerWords(question({ kind: "majority_judgment", grades: ["Excellent", "Good", "Fair", "Reject"] }), {
        kind: "grades",
        grades: { c1: 3, c0: 0 },
      }),
    ).toBe("Ada Lovelace: Excellent, Grace Hopper: Reject");
    expect(
      answerWords(question({ kind: "score", max: 5 }), { kind: "scores", scores: { c0: 5, c2: 0 } }),
    ).toBe("Ada Lovelace: 5, Alan Turing: 0");
  });
});
