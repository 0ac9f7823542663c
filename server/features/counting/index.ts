/**
 * Counts a question's ballots with its method: pure functions, no database, no I/O, so the server,
 * the verifier and the bench all count the same way (docs/counting.md). Ballots must have passed
 * validateBallot; `seed` is the public seed drawn when voting closed (ties.ts).
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { Question } from "../../../contract/ballots/question";
import type { QuestionResult } from "../../../contract/ballots/result";
import { countApproval } from "./approval";
import { countBlock } from "./block";
import { countIrv } from "./irv";
import { countMajorityJudgment } from "./majority-judgment";
import { countPlurality } from "./plurality";
import { countReferendum } from "./referendum";
import { countSchulze } from "./schulze";
import { countScore } from "./score";
import { countStv } from "./stv";

export type { QuestionResult };

export interface CountOptions {
  seed: string;
  /** Voters on the roll: needed by a referendum whose threshold is a share of the eligible voters. */
  eligible?: number;
}

export function countQuestion(
  question: Pick<Question, "candidates" | "method">,
  ballots: readonly Ballot[],
  { seed, eligible }: CountOptions,
): QuestionResult {
  const ids = question.candidates.map((candidate) => candidate.id);
  const method = question.method;
  switch (method.kind) {
    case "plurality":
      return { method: method.kind, result: countPlurality(ids, ballots, seed) };
    case "block":
      return { method: method.kind, result: countBlock(ids, method.seats, ballots, seed) };
    case "approval":
      return { method: method.kind, result: countApproval(ids, method.seats, ballots, seed) };
    case "score":
      return { method: method.kind, result: countScore(ids, ballots, seed) };
    case "referendum":
      return { method: method.kind, result: countReferendum({ ...method, eligible }, ballots) };
    case "irv":
      return { method: method.kind, result: countIrv(ids, ballots, seed) };
    case "stv":
      return { method: method.kind, result: countStv(ids, method.seats, ballots, seed) };
    case "schulze":
      return { method: method.kind, result: countSchulze(ids, ballots, seed) };
    case "majority_judgment":
      return { method: method.kind, result: countMajorityJudgment(ids, method.grades, ballots, seed) };
  }
}

/** A stored ballot as the counts read it: a plurality choice is its candidate, any other answer as stored. */
export function ballotOf(row: { candidateId: string | null; answer: Ballot | null }): Ballot {
  return row.candidateId ? { kind: "choice", candidate: row.candidateId } : (row.answer ?? { kind: "blank" });
}
