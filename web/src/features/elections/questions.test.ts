import { describe, expect, it } from "vitest";
import { COUNTING_METHODS, type QuestionInput } from "../../../../contract/ballots/question";
import { questionInputSchema } from "../../../../contract/ballots/question-input";
import type { PositionView } from "../../../../contract/elections";
import {
  blankQuestion,
  DEFAULT_GRADES,
  defaultMethod,
  firstMessage,
  fitMethod,
  METHOD_CHOICES,
  moved,
  questionSummary,
  quorumValue,
  splitBallot,
} from "./questions";

const candidate = (name: string, extra: Partial<PositionView["candidates"][number]> = {}) => ({
  id: name,
  name,
  party: "Green",
  image_url: `https://example.org/${name}.png`,
  statement: "",
  vote_count: null,
  ...extra,
});

const position = (title: string, extra: Partial<PositionView> = {}): PositionView => ({
  id: title,
  title,
  description: "",
  max_selections: 1,
  method: { kind: "plurality" },
  blank: false,
  order: "as_entered",
  candidates: [candidate(`${title} A`), candidate(`${title} B`)],
  result: null,
  ...extra,
});

describe("the method list", () => {
  it("offers every counting method once, each explained in a sentence", () => {
    expect(METHOD_CHOICES.map((choice) => choice.kind).sort()).toEqual([...COUNTING_METHODS].sort());
    for (const choice of METHOD_CHOICES) expect(choice.explanation).toMatch(/^[A-Z].*\.$/);
  });

  it("gives each method settings the contract accepts for a question with enough candidates", () => {
    const candidates = ["A", "B", "C"].map((name) => ({ name }));
    for (const kind of COUNTING_METHODS) {
      const method = defaultMethod(kind, 3);
      const question = { title: "Q", candidates: kind === "referendum" ? [] : candidates, method };
      expect(questionInputSchema.safeParse(question).success, kind).toBe(true);
    }
  });

  it("fits seats and limits to the candidates entered, and starts majority judgment with six grades", () => {
    expect(defaultMethod("stv", 1)).toEqual({ kind: "stv", seats: 1 });
    expect(defaultMethod("block", 6)).toEqual({ kind: "block", seats: 2 });
    expect(defaultMethod("approval", 4)).toEqual({ kind: "approval", min: 0, max: 4, seats: 1 });
    expect(defaultMethod("approval", 0)).toMatchObject({ max: 1 });
    expect(defaultMethod("majority_judgment", 3)).toEqual({
      kind: "majority_judgment",
      grades: DEFAULT_GRADES,
    });
    // A copy: editing a question's grades never changes the defaults.
    const method = defaultMethod("majority_judgment", 3);
    if (method.kind === "majority_judgment") method.grades.push("Awful");
    expect(DEFAULT_GRADES).toHaveLength(6);
  });
});

describe("a question in a line", () => {
  const stv: QuestionInput = {
    title: "Board",
    candidates: Array.from({ length: 6 }, (_, i) => ({ name: `C${i}` })),
    method: { kind: "stv", seats: 3 },
    order: "shuffled",
  };
  it("names the method, its settings and the candidates", () => {
    expect(questionSummary(stv)).toBe(
      "Ranked, several seats (single transferable vote) · 3 seats · 6 candidates · shuffled",
    );
    expect(
      questionSummary({
        title: "Motion 3",
        candidates: [],
        method: { kind: "referendum", threshold: "two_thirds", base: "eligible", abstain: false },
        blank: true,
      }),
    ).toBe("Yes or No (referendum) · Two thirds of all eligible voters · no Abstain · blank allowed");
    expect(
      questionSummary({ ...stv, method: { kind: "approval", min: 1, max: 3, seats: 1 }, order: undefined }),
    ).toBe("Approval · choose 1 to 3 · 1 winner · 6 candidates");
    expect(questionSummary({ ...stv, method: { kind: "approval", min: 0, max: 3, seats: 2 } })).toContain(
      "choose 0 to 3 · 2 winners",
    );
    expect(questionSummary(blankQuestion())).toBe("One choice (plurality) · 2 candidates");
  });
});

describe("moving an item", () => {
  it("moves up and down and leaves the list as it was when out of range", () => {
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moved(["a", "b"], 1, 2)).toEqual(["a", "b"]);
    const list = ["a", "b"];
    moved(list, 0, 1);
    expect(list).toEqual(["a", "b"]);
  });
});

describe("the stored ballot split back into offices and questions", () => {
  it("gives the leading spec offices as candidates with their position, and the rest as questions", () => {
    const { candidates, questions } = splitBallot([
      position("President"),
      position("Senator"),
      position("Board of Directors", {
        method: { kind: "stv", seats: 3 },
        description: "Three seats",
        candidates: [candidate("Ada", { statement: "I will", party: "" }), candidate("Bo"), candidate("Cy")],
      }),
      position("Motion 3", {
        method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
        candidates: [],
      }),
    ]);
    expect(candidates).toEqual([
      {
        name: "President A",
        party: "Green",
        position: "president",
        image: "https://example.org/President A.png",
      },
      {
        name: "President B",
        party: "Green",
        position: "president",
        image: "https://example.org/President B.png",
      },
      { name: "Senator A", party: "Green", position: "senator", image: "https://example.org/Senator A.png" },
      { name: "Senator B", party: "Green", position: "senator", image: "https://example.org/Senator B.png" },
    ]);
    expect(questions.map((q) => q.title)).toEqual(["Board of Directors", "Motion 3"]);
    expect(questions[0]).toMatchObject({
      description: "Three seats",
      method: { kind: "stv", seats: 3 },
      candidates: [
        { name: "Ada", party: "", statement: "I will", photo_url: "https://example.org/Ada.png" },
        {},
        {},
      ],
    });
  });

  it("keeps as a question an office title that is more than the spec's office, or comes after a question", () => {
    const { candidates, questions } = splitBallot([
      position("Treasurer"),
      position("President"),
      position("Senator", { method: { kind: "irv" } }),
      position("Governor", { blank: true }),
    ]);
    expect(candidates).toEqual([]);
    expect(questions.map((q) => q.title)).toEqual(["Treasurer", "President", "Senator", "Governor"]);
  });

  it("takes an office only once: the same title again is a question", () => {
    const { candidates, questions } = splitBallot([position("President"), position("President")]);
    expect(candidates).toHaveLength(2);
    expect(questions).toHaveLength(1);
  });
});

describe("the form's small parts", () => {
  it("reads an empty quorum as none and a typed one as a number", () => {
    expect(quorumValue.setValueAs("")).toBeNull();
    expect(quorumValue.setValueAs(undefined)).toBeNull();
    expect(quorumValue.setValueAs("50")).toBe(50);
  });

  it("finds the first message however deep the error", () => {
    expect(firstMessage(undefined)).toBeUndefined();
    expect(
      firstMessage({
        candidates: [undefined, { name: { message: "Every candidate needs a name.", ref: {} } }],
      }),
    ).toBe("Every candidate needs a name.");
  });
});

describe("fitMethod", () => {
  it("keeps an approval that allowed every candidate allowing every candidate", () => {
    const picked = defaultMethod("approval", 2);
    expect(fitMethod(picked, 2, 3)).toEqual({ kind: "approval", min: 0, max: 3, seats: 1 });
    expect(fitMethod({ kind: "approval", min: 0, max: 3, seats: 1 }, 3, 2)).toMatchObject({ max: 2 });
  });

  it("leaves a limit the administrator chose, and every other method, as they are", () => {
    const chosen = { kind: "approval", min: 1, max: 2, seats: 1 } as const;
    expect(fitMethod(chosen, 4, 5)).toBe(chosen);
    const stv = defaultMethod("stv", 2);
    expect(fitMethod(stv, 2, 3)).toBe(stv);
  });
});
