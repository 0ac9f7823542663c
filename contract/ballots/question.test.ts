import { describe, expect, it } from "vitest";
import { votingSettingsSchema } from "../channels-input";
import { messages } from "../messages";
import type { QuestionInput } from "./question";
import { questionInputSchema, referendumBlank } from "./question-input";

const board: QuestionInput = {
  title: "Board of Directors",
  candidates: ["Ada", "Bo", "Cy"].map((name) => ({ name })),
  method: { kind: "stv", seats: 2 },
};

/** The first problem's words, as the server's parse() and the form show them. */
const refusal = (input: unknown) => {
  const result = questionInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("a question as an administrator writes it", () => {
  it("takes an uploaded photo's path or an https address, and nothing else", () => {
    const withPhoto = (photo_url: string) => ({
      ...board,
      candidates: [{ name: "Ada", photo_url }, { name: "Bo" }, { name: "Cy" }],
    });
    expect(refusal(withPhoto("/api/uploads/4d1c2a3e-0000-4000-8000-000000000000"))).toBeNull();
    expect(refusal(withPhoto("https://example.org/ada.jpg"))).toBeNull();
    expect(refusal(withPhoto(""))).toBeNull();
    for (const bad of [
      "javascript:alert(1)",
      "http://example.org/ada.jpg",
      "//evil.example/ada.jpg",
      "ada.jpg",
    ])
      expect(refusal(withPhoto(bad)), bad).toBe(messages.candidatePhotoAddressInvalid);
  });

  it("says in words what is wrong with a number, a grade or the candidates", () => {
    expect(refusal({ ...board, method: { kind: "stv", seats: Number.NaN } })).toBe(
      "The number of seats must be a whole number from 1 to 100.",
    );
    expect(refusal({ ...board, method: { kind: "stv", seats: 4 } })).toBe(
      "There are fewer candidates than seats.",
    );
    expect(refusal({ ...board, method: { kind: "score", max: 0 } })).toBe(
      "The highest score must be a whole number from 1 to 100.",
    );
    expect(refusal({ ...board, method: { kind: "approval", min: 2, max: 1, seats: 1 } })).toBe(
      "The minimum number of choices is above the maximum.",
    );
    expect(
      refusal({ ...board, method: { kind: "majority_judgment", grades: ["Good", "Fair", "Poor"] } }),
    ).toBe("Give between 4 and 7 grades.");
    expect(
      refusal({ ...board, method: { kind: "majority_judgment", grades: ["Good", "", "Fair", "Poor"] } }),
    ).toBe("Every grade needs a name.");
    expect(refusal({ ...board, candidates: [{ name: "Ada" }, { name: "ada" }] })).toBe(
      "Two candidates have the same name.",
    );
    expect(refusal({ ...board, title: " " })).toBe("Give the question a title.");
    // A referendum's Abstain is its blank vote: one of them, not both on the ballot.
    const motion = {
      title: "Motion",
      candidates: [],
      method: { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
    };
    expect(refusal(motion)).toBeNull();
    expect(refusal({ ...motion, blank: true })).toBe(referendumBlank);
    // Two rows not yet named are each told so, not that they share a name.
    const unnamed = questionInputSchema.safeParse({ ...board, candidates: [{ name: "" }, { name: " " }] });
    expect(unnamed.success ? [] : unnamed.error.issues.map((issue) => issue.message)).toEqual([
      "Every candidate needs a name.",
      "Every candidate needs a name.",
    ]);
  });
});

describe("the quorum", () => {
  const settings = { startDate: "2027-01-01", endDate: "2027-01-02", candidates: [] };
  it("is a whole percentage from 1 to 100, or none", () => {
    expect(votingSettingsSchema.parse(settings).quorumPercent).toBeNull();
    expect(votingSettingsSchema.parse({ ...settings, quorumPercent: 50 }).quorumPercent).toBe(50);
    for (const bad of [0, 101, 50.5, Number.NaN]) {
      const result = votingSettingsSchema.safeParse({ ...settings, quorumPercent: bad });
      expect(result.success ? null : result.error.issues[0]?.message, String(bad)).toBe(
        messages.quorumInvalid,
      );
    }
  });
});
