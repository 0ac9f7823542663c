/**
 * The question builder's pure parts: the methods an administrator picks from (in plain words), a
 * method's settings when it is picked, a question summed up in a line, moving items in a list, and
 * the election's stored questions split back into the spec's offices and the other questions.
 */
import {
  type CountingMethod,
  MJ_MAX_GRADES,
  MJ_MIN_GRADES,
  type QuestionInput,
  type QuestionMethod,
  type ReferendumBase,
  type ReferendumThreshold,
} from "../../../../contract/ballots/question";
import { CANDIDATE_POSITIONS, type CandidateInput, POSITION_LABELS } from "../../../../contract/channels";
import type { PositionView } from "../../../../contract/elections";

/** Each method with its name and what it means for voters and for the count, in plain words. */
export const METHOD_CHOICES: ReadonlyArray<{ kind: CountingMethod; label: string; explanation: string }> = [
  {
    kind: "plurality",
    label: "One choice (plurality)",
    explanation: "Each voter picks one candidate; the candidate with the most votes wins.",
  },
  {
    kind: "block",
    label: "Several seats, one vote each (block)",
    explanation:
      "Each voter picks up to as many candidates as there are seats; the most voted fill the seats.",
  },
  {
    kind: "approval",
    label: "Approval",
    explanation: "Each voter picks every candidate they approve of; the most approved wins.",
  },
  {
    kind: "referendum",
    label: "Yes or No (referendum)",
    explanation: "Each voter answers Yes or No; it passes when Yes reaches the threshold you set.",
  },
  {
    kind: "irv",
    label: "Ranked, one winner (instant runoff)",
    explanation:
      "Voters rank as many as they like; the last is eliminated round by round and their votes move to the next choice until one has more than half.",
  },
  {
    kind: "stv",
    label: "Ranked, several seats (single transferable vote)",
    explanation:
      "Voters rank as many as they like; candidates reaching the quota are elected, and surplus votes and those of the excluded move to the next choice (Scottish STV).",
  },
  {
    kind: "schulze",
    label: "Ranked, head to head (Condorcet, Schulze)",
    explanation:
      "Voters rank the candidates, ties allowed; the candidate who beats every other one head to head wins (Schulze method when there is a cycle).",
  },
  {
    kind: "majority_judgment",
    label: "Grades (majority judgment)",
    explanation:
      "Voters grade every candidate, from the best grade to the worst; the candidate with the best median grade wins.",
  },
  {
    kind: "score",
    label: "Scores",
    explanation: "Voters give each candidate a score from 0 to the maximum you set; the highest total wins.",
  },
];

export const methodLabel = (kind: CountingMethod): string =>
  METHOD_CHOICES.find((choice) => choice.kind === kind)?.label ?? kind;

export const THRESHOLD_LABELS: Record<ReferendumThreshold, string> = {
  majority: "Simple majority (more than half)",
  two_thirds: "Two thirds",
  three_quarters: "Three quarters",
};

export const BASE_LABELS: Record<ReferendumBase, string> = {
  cast: "of the Yes and No votes cast",
  eligible: "of all eligible voters",
};

/** The grades a majority judgment starts with, best first; the administrator may rename, add or remove. */
export const DEFAULT_GRADES = ["Excellent", "Very good", "Good", "Fair", "Poor", "Reject"];

export { MJ_MAX_GRADES, MJ_MIN_GRADES };

/** Titles offered as the question is named (any other title is allowed). */
export const TITLE_PRESETS = [
  ...CANDIDATE_POSITIONS.map((position) => POSITION_LABELS[position]),
  "Board of Directors",
  "Treasurer",
  "Secretary",
];

/**
 * A method's settings when it is picked: seats and limits fitted to the candidates entered so far
 * (2 seats when there are enough), a two-thirds referendum of the votes cast, 0 to 10 scores.
 */
export function defaultMethod(kind: CountingMethod, candidates: number): QuestionMethod {
  const seats = Math.max(1, Math.min(2, candidates));
  switch (kind) {
    case "block":
      return { kind, seats };
    case "stv":
      return { kind, seats };
    case "approval":
      return { kind, min: 0, max: Math.max(1, candidates), seats: 1 };
    case "referendum":
      return { kind, threshold: "majority", base: "cast", abstain: true };
    case "majority_judgment":
      return { kind, grades: [...DEFAULT_GRADES] };
    case "score":
      return { kind, max: 10 };
    default:
      return { kind };
  }
}

/**
 * A method's limits as candidates are added or removed: an approval whose "most choices" allowed
 * every candidate still allows every candidate (set when the method was picked, it stayed at the
 * two rows a new question starts with). A limit the administrator chose stays theirs.
 */
export function fitMethod<M extends Pick<QuestionMethod, "kind">>(
  method: M,
  before: number,
  after: number,
): M {
  if (method.kind !== "approval" || !("max" in method) || method.max !== Math.max(1, before)) return method;
  return { ...method, max: Math.max(1, after) };
}

/** A new question: a one-choice vote with two empty candidates to fill in. */
export function blankQuestion(): QuestionInput {
  return {
    title: "",
    description: "",
    candidates: [blankCandidate(), blankCandidate()],
    method: { kind: "plurality" },
    blank: false,
    order: "as_entered",
  };
}

export const blankCandidate = () => ({ name: "", party: "", statement: "", photo_url: "" });

/** A question in a line, e.g. "Ranked, several seats (single transferable vote) · 3 seats · 6 candidates". */
export function questionSummary(question: QuestionInput): string {
  const { method } = question;
  const parts = [methodLabel(method.kind)];
  if (method.kind === "block" || method.kind === "stv") parts.push(plural(method.seats, "seat"));
  if (method.kind === "approval")
    parts.push(`choose ${method.min} to ${method.max}`, plural(method.seats ?? 1, "winner"));
  if (method.kind === "referendum") {
    parts.push(`${THRESHOLD_LABELS[method.threshold].replace(/ \(.*\)$/, "")} ${BASE_LABELS[method.base]}`);
    parts.push(method.abstain ? "Abstain allowed" : "no Abstain");
  }
  if (method.kind === "majority_judgment") parts.push(plural(method.grades.length, "grade"));
  if (method.kind === "score") parts.push(`0 to ${method.max}`);
  if (method.kind !== "referendum") parts.push(plural(question.candidates.length, "candidate"));
  if (question.blank) parts.push("blank allowed");
  if (question.order === "shuffled") parts.push("shuffled");
  return parts.join(" · ");
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** The list with the item at `from` moved to `to` (a new array; out of range changes nothing). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const isOffice = (position: PositionView, seen: Set<string>) => {
  const office = CANDIDATE_POSITIONS.find((p) => POSITION_LABELS[p] === position.title);
  return (
    office !== undefined &&
    !seen.has(office) &&
    position.method.kind === "plurality" &&
    !position.blank &&
    position.order === "as_entered" &&
    position.description === "" &&
    position.candidates.every((c) => c.statement === "")
  );
};

/**
 * The stored ballot split back as the administrator wrote it: the leading positions that are spec
 * offices (a plurality vote titled as an office, nothing more) give the office candidates, every
 * position after them is one of the other questions (the server stores the offices first).
 */
export function splitBallot(positions: PositionView[]): {
  candidates: CandidateInput[];
  questions: QuestionInput[];
} {
  const candidates: CandidateInput[] = [];
  const questions: QuestionInput[] = [];
  const seen = new Set<string>();
  for (const position of positions) {
    if (questions.length === 0 && isOffice(position, seen)) {
      const office = CANDIDATE_POSITIONS.find((p) => POSITION_LABELS[p] === position.title);
      if (!office) continue;
      seen.add(office);
      for (const c of position.candidates)
        candidates.push({ name: c.name, party: c.party, position: office, image: c.image_url });
      continue;
    }
    questions.push({
      title: position.title,
      description: position.description,
      candidates: position.candidates.map((c) => ({
        name: c.name,
        party: c.party,
        statement: c.statement,
        photo_url: c.image_url,
      })),
      method: position.method,
      blank: position.blank,
      order: position.order,
    });
  }
  return { candidates, questions };
}

/** The quorum's value in the form: null when the field is empty. */
export const quorumValue = {
  setValueAs: (value: unknown) =>
    value === "" || value === null || value === undefined ? null : Number(value),
};

/** The first message in a field's errors, however deep (a question's title, a candidate's name…). */
export function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== "object") return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === "string") return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref") continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
