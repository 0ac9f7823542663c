/**
 * Ballots: one shape per kind of answer, and validateBallot, which says in plain words the first
 * thing wrong with a ballot for its question (the server refuses it with that message, the ballot
 * screen shows the same words).
 */
import type { Ballot } from "./ballot-input";
import type { Question, QuestionMethod } from "./question";

export const REFERENDUM_ANSWERS = ["yes", "no", "abstain"] as const;
export type ReferendumAnswer = (typeof REFERENDUM_ANSWERS)[number];

export type { Ballot } from "./ballot-input";
export type RankingBallot = Extract<Ballot, { kind: "ranking" }>;

/** The ballot kind each method takes (besides blank). */
export const BALLOT_KIND: Record<QuestionMethod["kind"], Ballot["kind"]> = {
  plurality: "choice",
  block: "set",
  approval: "set",
  referendum: "answer",
  irv: "ranking",
  stv: "ranking",
  schulze: "ranking",
  majority_judgment: "grades",
  score: "scores",
};

export const ballotMessages = {
  wrongKind: "This ballot does not answer this kind of question.",
  blankNotAllowed: "A blank vote is not allowed on this question.",
  foreign: "A choice is not one of this question's candidates.",
  repeated: "A candidate appears more than once.",
  tooMany: (max: number) => `Choose at most ${max}.`,
  tooFew: (min: number) => `Choose at least ${min}.`,
  sharedRank: "Two candidates share a rank; each rank holds one candidate on this question.",
  abstainNotAllowed: "Abstain is not an answer on this question.",
  gradeMissing: "Every candidate needs a grade.",
  gradeOutside: "A grade is outside the scale.",
  scoreMissing: "Every candidate needs a score.",
  scoreNotWhole: "A score must be a whole number.",
  scoreOver: (max: number) => `A score is above the maximum of ${max}.`,
  scoreNegative: "A score is below 0.",
};

/** The first problem with `ballot` as an answer to `question`, in plain words; null when it is valid. */
export function validateBallot(
  question: Pick<Question, "candidates" | "method" | "blank">,
  ballot: Ballot,
): string | null {
  const { method } = question;
  if (isBlank(ballot)) return question.blank ? null : ballotMessages.blankNotAllowed;
  if (ballot.kind !== BALLOT_KIND[method.kind]) return ballotMessages.wrongKind;
  const known = new Set(question.candidates.map((c) => c.id));
  switch (ballot.kind) {
    case "blank":
      return null;
    case "choice":
      return known.has(ballot.candidate) ? null : ballotMessages.foreign;
    case "set": {
      const problem = idsProblem(ballot.candidates, known);
      if (problem) return problem;
      const [min, max] =
        method.kind === "block"
          ? [1, method.seats]
          : method.kind === "approval"
            ? [method.min, method.max]
            : [1, 1];
      if (ballot.candidates.length > max) return ballotMessages.tooMany(max);
      return ballot.candidates.length < min ? ballotMessages.tooFew(min) : null;
    }
    case "answer":
      return ballot.answer === "abstain" && !(method.kind === "referendum" && method.abstain)
        ? ballotMessages.abstainNotAllowed
        : null;
    case "ranking": {
      const problem = idsProblem(ballot.ranks.flat(), known);
      if (problem) return problem;
      return method.kind !== "schulze" && ballot.ranks.some((rank) => rank.length > 1)
        ? ballotMessages.sharedRank
        : null;
    }
    case "grades": {
      const scale = method.kind === "majority_judgment" ? method.grades.length : 0;
      return (
        marksProblem(ballot.grades, known, (grade) =>
          Number.isInteger(grade) && grade >= 0 && grade < scale ? null : ballotMessages.gradeOutside,
        ) ?? (Object.keys(ballot.grades).length < known.size ? ballotMessages.gradeMissing : null)
      );
    }
    case "scores": {
      const max = method.kind === "score" ? method.max : 0;
      return (
        marksProblem(ballot.scores, known, (score) => scoreProblem(score, max)) ??
        (Object.keys(ballot.scores).length < known.size ? ballotMessages.scoreMissing : null)
      );
    }
  }
}

/** What is wrong with one score of a score question of maximum `max`, in words; null when it fits. */
export function scoreProblem(score: number, max: number): string | null {
  if (!Number.isInteger(score)) return ballotMessages.scoreNotWhole;
  if (score < 0) return ballotMessages.scoreNegative;
  return score > max ? ballotMessages.scoreOver(max) : null;
}

/**
 * A ballot's canonical text, as hashed into the seal chain and published on the bulletin board: JSON
 * with object keys sorted, so the same answer always gives the same text (a verifier rebuilds it).
 */
export function answerText(ballot: Ballot): string {
  return canonicalJson(ballot);
}

/** JSON with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : item && typeof item === "object"
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
          )
        : item;
  return JSON.stringify(sorted(value));
}

/** An explicit blank, or an answer that chooses no one (an empty set or ranking): both are blank votes. */
export function isBlank(ballot: Ballot): boolean {
  return (
    ballot.kind === "blank" ||
    (ballot.kind === "set" && ballot.candidates.length === 0) ||
    (ballot.kind === "ranking" && ballot.ranks.length === 0)
  );
}

function idsProblem(ids: string[], known: Set<string>): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!known.has(id)) return ballotMessages.foreign;
    if (seen.has(id)) return ballotMessages.repeated;
    seen.add(id);
  }
  return null;
}

function marksProblem(
  marks: Record<string, number>,
  known: Set<string>,
  markProblem: (mark: number) => string | null,
): string | null {
  for (const [id, mark] of Object.entries(marks)) {
    if (!known.has(id)) return ballotMessages.foreign;
    const problem = markProblem(mark);
    if (problem) return problem;
  }
  return null;
}
