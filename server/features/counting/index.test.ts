import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import type { Question, QuestionMethod } from "../../../contract/ballots/question";
import { countQuestion } from "./index";
import { ranked } from "./test-ballots";

const candidates = ["a", "b", "c"].map((id) => ({ id, name: id }));
const question = (method: QuestionMethod): Pick<Question, "candidates" | "method"> => ({
  candidates: method.kind === "referendum" ? [] : candidates,
  method,
});

describe("countQuestion", () => {
  it("counts each method with its own module", () => {
    const cases: [QuestionMethod, Ballot[], unknown][] = [
      [{ kind: "plurality" }, [{ kind: "choice", candidate: "b" }], { elected: ["b"] }],
      [{ kind: "block", seats: 2 }, [{ kind: "set", candidates: ["a", "c"] }], { elected: ["a", "c"] }],
      [
        { kind: "approval", min: 0, max: 3, seats: 1 },
        [{ kind: "set", candidates: ["c"] }],
        { elected: ["c"] },
      ],
      [{ kind: "score", max: 5 }, [{ kind: "scores", scores: { a: 1, b: 5, c: 0 } }], { elected: ["b"] }],
      [
        { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
        [{ kind: "answer", answer: "yes" }],
        { passed: true },
      ],
      [{ kind: "irv" }, [ranked("c", "a")], { winner: "c" }],
      [{ kind: "stv", seats: 2 }, [ranked("a"), ranked("b")], { elected: ["a", "b"] }],
      [{ kind: "schulze" }, [ranked("b", "a", "c")], { winner: "b" }],
      [
        { kind: "majority_judgment", grades: ["A", "B", "C", "D"] },
        [{ kind: "grades", grades: { a: 3, b: 0, c: 1 } }],
        { winner: "b" },
      ],
    ];
    for (const [method, ballots, expected] of cases) {
      const counted = countQuestion(question(method), ballots, { seed: "seed" });
      expect(counted.method).toBe(method.kind);
      expect(counted.result, method.kind).toMatchObject(expected as object);
    }
  });

  it("needs the eligible voters for a referendum measured against them", () => {
    const method: QuestionMethod = {
      kind: "referendum",
      threshold: "two_thirds",
      base: "eligible",
      abstain: false,
    };
    expect(() => countQuestion(question(method), [], { seed: "seed" })).toThrow();
    expect(countQuestion(question(method), [], { seed: "seed", eligible: 3 }).result).toMatchObject({
      passed: false,
      yesNeeded: 2,
    });
  });
});
