/**
 * What counting a question gives, method by method, with every intermediate step (rounds,
 * transfers, the pairwise matrix, grade distributions): the server computes it
 * (`server/features/counting/`), the results screens and the verifier read it. Types only.
 */
import type { ReferendumBase, ReferendumThreshold } from "./question";

export interface TotalsResult {
  /** Ballots counted, blank ones included. */
  cast: number;
  blank: number;
  /** Candidate id → total, in the question's candidate order. */
  totals: Record<string, number>;
  /** Every candidate, highest total first (equal totals in lot order). */
  order: string[];
  elected: string[];
  /** Candidates whose equal totals straddle the last seat, and which of them the lot elected. */
  tie: { tied: string[]; elected: string[] } | null;
}

export interface ReferendumResult {
  cast: number;
  yes: number;
  no: number;
  abstain: number;
  blank: number;
  threshold: ReferendumThreshold;
  base: ReferendumBase;
  /** The number the threshold is a share of: yes + no, or the eligible voters. */
  baseCount: number;
  /** The fewest Yes votes that pass (simple majority: more than half, so half + 1 rounded down). */
  yesNeeded: number;
  passed: boolean;
}

export interface IrvRound {
  /** 1-based. */
  number: number;
  /** Ballots for each continuing candidate at the start of the round. */
  totals: Record<string, number>;
  /** Ballots that no longer rank any continuing candidate (cumulative). */
  exhausted: number;
  /** Ballots in the count this round: the sum of totals. */
  active: number;
  winner: string | null;
  eliminated: string | null;
  /** Where the eliminated candidate's ballots went (candidate → ballots), "exhausted" for none. */
  transfers: Record<string, number>;
  tieBreak?: TieBreak;
}

export interface IrvResult {
  cast: number;
  blank: number;
  rounds: IrvRound[];
  winner: string | null;
}

export interface StvStage {
  /** 1-based. */
  number: number;
  /** "first": first preferences (rule 45); "surplus": a surplus transferred (48); "exclusion": a candidate excluded (50). */
  kind: "first" | "surplus" | "exclusion";
  /** The candidate whose surplus or ballots were transferred. */
  from?: string;
  /** The surplus transferred, in votes. */
  surplus?: number;
  /** Ballot values (a ballot's worth before this stage) → transfer value given to them, for a surplus. */
  transferValues?: { value: number; transferValue: number; ballots: number }[];
  /** Votes each candidate received at this stage. */
  transfers: Record<string, number>;
  /** Ballots with no next available preference at this stage, and their worth in votes. */
  nonTransferable: { ballots: number; votes: number };
  /** Ballots set aside as non-transferable up to the end of this stage, and their worth. */
  exhausted: { ballots: number; votes: number };
  /** Votes of a surplus lost to truncating transfer values at this stage. */
  lostToTruncation: number;
  /** Every candidate's votes at the end of this stage. */
  totals: Record<string, number>;
  elected: string[];
  excluded: string[];
  /** How a tie at this stage was broken (which surplus first, whom to exclude). */
  tieBreak?: TieBreak;
}

export interface StvResult {
  cast: number;
  blank: number;
  /** Ballots that count toward the quota (cast minus blank). */
  valid: number;
  seats: number;
  quota: number;
  stages: StvStage[];
  /** In the order they were deemed elected. */
  elected: string[];
  /** In the order they were excluded. */
  excluded: string[];
  /** "continuing_equal_vacancies" when the last seats went to the candidates left (rule 52), null when all reached the quota. */
  lastVacancies: "continuing_equal_vacancies" | null;
}

export interface SchulzeResult {
  cast: number;
  blank: number;
  candidates: string[];
  /** pairwise[i][j]: ballots ranking candidates[i] above candidates[j]. */
  pairwise: number[][];
  /** strongest[i][j]: the strength of the strongest path from candidates[i] to candidates[j]. */
  strongest: number[][];
  /** Candidates no one beats by strongest paths (several when tied). */
  winners: string[];
  /** The winner: the only one of `winners`, or the first of them in the lot order. */
  winner: string | null;
  /** Groups, best first: each group is the candidates no remaining candidate beats. */
  order: string[][];
}

export interface MjCandidate {
  id: string;
  /** Ballots giving each grade, best grade first (the question's order). */
  distribution: number[];
  /** Index of the majority grade (0 = the best grade). */
  majorityGrade: number;
}

/** How two neighbours with the same majority grade were ordered. */
export interface MjTieBreak {
  above: string;
  below: string;
  /** Grades removed from each before their majority grades differed. */
  removed: number;
  /** Their majority grades (indexes) once they differed; equal when only the lot could separate them. */
  aboveGrade: number;
  belowGrade: number;
  by: "majority_value" | "lot";
}

export interface MjResult {
  cast: number;
  blank: number;
  grades: string[];
  candidates: MjCandidate[];
  /** Candidate ids, best first. */
  order: string[];
  winner: string | null;
  tieBreaks: MjTieBreak[];
}

/** How a tie was broken, for the result's record. */
export interface TieBreak {
  tied: string[];
  chosen: string;
  /** "earlier" when an earlier round's (IRV) or stage's (STV) totals decided, "lot" when the seed did. */
  by: "earlier" | "lot";
  /**
   * The round (IRV) or stage (STV), 1-based, whose totals decided, when by is "earlier". Named
   * `round` for both in the published JSON; every text says the method's word (STEP_WORDS).
   */
  round?: number;
}

export type QuestionResult =
  | { method: "plurality" | "block" | "approval" | "score"; result: TotalsResult }
  | { method: "referendum"; result: ReferendumResult }
  | { method: "irv"; result: IrvResult }
  | { method: "stv"; result: StvResult }
  | { method: "schulze"; result: SchulzeResult }
  | { method: "majority_judgment"; result: MjResult };
