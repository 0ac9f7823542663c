/**
 * The question model of a ballot: what is asked, how it is answered and how it is counted. Shared by
 * the server (validation, counting) and the web app (ballot screens). Pure data, no I/O.
 *
 * How it maps onto Belenios's model (the later step that encrypts ballots), so nothing here has to
 * change then:
 * - Belenios has two kinds of question. A homomorphic question is a list of answers, each marked 0
 *   or 1, with a minimum and a maximum number of 1s and an optional blank (all 0s); encrypted ballots
 *   are added up and only the sums are decrypted. A non-homomorphic question holds one integer per
 *   answer; its ballots are shuffled by a verifiable mixnet, decrypted one by one, then counted by a
 *   method (Schulze, STV, majority judgment) from the plain ballots.
 * - plurality → homomorphic, min 1, max 1, blank as set here.
 * - block (k seats) → homomorphic, min 1, max k.
 * - approval → homomorphic, min and max as set here.
 * - referendum → homomorphic with the answers Yes and No, min 1, max 1; Abstain is Belenios's blank.
 * - score 0..N → one homomorphic question per candidate with N answers, min 0, max N: the number of
 *   1s is the score, so the sums are each candidate's total (the only thing score counting needs).
 * - irv, stv, schulze → non-homomorphic: one integer per candidate, its rank (1 = first; equal
 *   integers share a rank, allowed for Schulze only; 0 = not ranked); counted after the shuffle by
 *   the modules of `server/features/counting/` from the decrypted rankings.
 * - majority judgment → non-homomorphic: one integer per candidate, its grade (1 = best, as the
 *   admin listed the grades); counted after the shuffle.
 * - blank → Belenios's blank flag on homomorphic questions, an all-zero ballot on the others.
 * - candidate order "shuffled" is only how a voter's screen shows the list; the ballot always holds
 *   candidates in the question's own order (Belenios answers are positional), so it changes nothing
 *   in the count.
 */
import type { Question, QuestionMethod } from "./question-input";

export const COUNTING_METHODS = [
  "plurality",
  "block",
  "approval",
  "referendum",
  "irv",
  "stv",
  "schulze",
  "majority_judgment",
  "score",
] as const;
export type CountingMethod = (typeof COUNTING_METHODS)[number];

export const REFERENDUM_THRESHOLDS = ["majority", "two_thirds", "three_quarters"] as const;
export type ReferendumThreshold = (typeof REFERENDUM_THRESHOLDS)[number];
/** What the threshold is a share of: the Yes and No votes, or everyone on the roll. */
export const REFERENDUM_BASES = ["cast", "eligible"] as const;
export type ReferendumBase = (typeof REFERENDUM_BASES)[number];

export const CANDIDATE_ORDERS = ["as_entered", "shuffled"] as const;
export const MJ_MIN_GRADES = 4;
export const MJ_MAX_GRADES = 7;
export const SCORE_MAX_LIMIT = 100;
export const MAX_CANDIDATES = 100;

/** What makes a well-typed question impossible to answer or count, in words (null when none). */
export function questionProblem(question: Pick<Question, "candidates" | "method">): string | null {
  const { candidates, method } = question;
  const ids = new Set(candidates.map((c) => c.id));
  if (ids.size !== candidates.length) return "Two candidates have the same id.";
  const count = candidates.length;
  if (method.kind === "referendum") {
    return count === 0 ? null : "A referendum has no candidates: its answers are Yes and No.";
  }
  if (count < 2) return "A question needs at least two candidates.";
  switch (method.kind) {
    case "block":
    case "stv":
      return method.seats <= count ? null : "There are fewer candidates than seats.";
    case "approval":
      if (method.min > method.max) return "The minimum number of choices is above the maximum.";
      if (method.max > count) return "The maximum number of choices is above the number of candidates.";
      return method.seats <= count ? null : "There are fewer candidates than seats.";
    case "majority_judgment":
      return new Set(method.grades).size === method.grades.length ? null : "Two grades have the same name.";
    default:
      return null;
  }
}

/**
 * A question as an administrator writes it (Channel Configuration, election channel creation): the
 * server gives each candidate its id when it stores the question. `statement` is the candidate's own
 * words shown on the ballot; `photo_url` an image address or an uploaded file's address.
 */
export type CandidateOrder = (typeof CANDIDATE_ORDERS)[number];

/** How many candidates a question elects. */
export function seatsOf(method: QuestionMethod): number {
  return method.kind === "block" || method.kind === "stv" || method.kind === "approval" ? method.seats : 1;
}

// The question's schemas (what the question builder validates with and the server parses).
export type { Question, QuestionCandidate, QuestionInput, QuestionMethod } from "./question-input";
