/**
 * The results screens' words and tables, from a question's count (contract/ballots/result.ts): pure
 * functions, so the Results tab, the results screen, the overview and the printed report say the
 * same thing, and the tests read them without a browser. Over 300 lines: one presenter per counting
 * method (totals, referendum, rounds, stages, the pairwise matrix, grades), each small, kept together
 * because the screens switch over them in one place.
 */
import type {
  IrvResult,
  MjResult,
  MjTieBreak,
  QuestionResult,
  ReferendumResult,
  SchulzeResult,
  StvResult,
  TieBreak,
  TotalsResult,
} from "../../../../../contract/ballots/result";
import {
  EXCLUDED,
  SET_ASIDE_LABELS,
  STEP_WORDS,
  type StepWord,
  stvFigures,
  THRESHOLD_WORDS,
  winnersOf,
} from "../../../../../contract/ballots/result-rows";
import { type Election, type PositionView, percentOf } from "../../../../../contract/elections";

/** A candidate id's name on this question (the id itself if the candidate is unknown). */
export type Names = (id: string) => string;

export function namesOf(position: Pick<PositionView, "candidates">): Names {
  const byId = new Map(position.candidates.map((c) => [c.id, c.name]));
  return (id) => byId.get(id) ?? id;
}

/** "A", "A and B", "A, B and C". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A number of votes: whole, or with up to 5 decimals (STV's transfer values). */
export function votesFigure(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(5)));
}

const lotWords = "decided by the public seed";

/**
 * A tie broken on the way ("B tied with C; decided by the public seed"; "…; decided by the totals
 * of stage 2": `step` is the method's word, STEP_WORDS), with what it decided when said away from
 * its round (`decided`: "B excluded: tied with C; …"): beside the winners, a bare "B tied with C"
 * read as a tie for a seat.
 */
export function tieBreakText(
  tie: TieBreak,
  names: Names,
  step: StepWord,
  decided?: (name: string) => string,
): string {
  const others = tie.tied.filter((id) => id !== tie.chosen).map(names);
  const how = tie.by === "lot" ? lotWords : `decided by the totals of ${step} ${tie.round ?? 1}`;
  const chosen = names(tie.chosen);
  return `${decided ? `${decided(chosen)}:` : chosen} tied with ${listWords(others)}; ${how}`;
}

/** Equal totals across the last seat (plurality, block, approval, score). */
export function totalsTieText(tie: TotalsResult["tie"], names: Names): string | null {
  if (!tie) return null;
  const lost = tie.tied.filter((id) => !tie.elected.includes(id)).map(names);
  return `${listWords(tie.elected.map(names))} tied with ${listWords(lost)}; ${lotWords}`;
}

/** Several Schulze winners: the lot order picked one. */
export function schulzeTieText(result: SchulzeResult, names: Names): string | null {
  if (result.winners.length < 2 || !result.winner) return null;
  const others = result.winners.filter((id) => id !== result.winner).map(names);
  return `${names(result.winner)} tied with ${listWords(others)}; ${lotWords}`;
}

export function mjTieText(tie: MjTieBreak, names: Names, grades: string[]): string {
  if (tie.by === "lot") return `${names(tie.above)} tied with ${names(tie.below)}; ${lotWords}`;
  const removed = tie.removed === 1 ? "one grade" : `${tie.removed} grades`;
  return `${names(tie.above)} above ${names(tie.below)} (same majority grade): with ${removed} at the median removed from each, ${grades[tie.aboveGrade] ?? ""} against ${grades[tie.belowGrade] ?? ""}`;
}

/** Every tie of the count in words, for the winners' line. */
export function tieTexts(count: QuestionResult, names: Names): string[] {
  switch (count.method) {
    case "plurality":
    case "block":
    case "approval":
    case "score": {
      const text = totalsTieText(count.result.tie, names);
      return text ? [text] : [];
    }
    case "irv":
      return count.result.rounds.flatMap((round) =>
        round.tieBreak
          ? [tieBreakText(round.tieBreak, names, STEP_WORDS.irv, (name) => `${name} eliminated`)]
          : [],
      );
    case "stv":
      // A tie decides whose surplus goes first (rule 48) or who is excluded (rule 50).
      return count.result.stages.flatMap((stage) =>
        stage.tieBreak
          ? [
              tieBreakText(
                stage.tieBreak,
                names,
                STEP_WORDS.stv,
                stage.kind === "surplus"
                  ? (name) => `${name}'s surplus transferred first`
                  : (name) => `${name} excluded`,
              ),
            ]
          : [],
      );
    case "schulze": {
      const text = schulzeTieText(count.result, names);
      return text ? [text] : [];
    }
    case "majority_judgment":
      return count.result.tieBreaks
        .filter((tie) => tie.by === "lot")
        .map((tie) => mjTieText(tie, names, count.result.grades));
    case "referendum":
      return [];
  }
}

export interface ReferendumVerdict {
  passed: boolean;
  label: "Passed" | "Not passed";
  /** The Yes share of what the threshold is a share of, in percent. */
  yesShare: string;
  /** Where the threshold line sits on a bar of the base, in percent. */
  thresholdShare: string;
  detail: string;
  abstentions: string | null;
}

/** "Passed" or "Not passed", and why, in words. */
export function referendumVerdict(result: ReferendumResult): ReferendumVerdict {
  const base = result.base === "cast" ? "Yes and No votes" : "eligible voters";
  const needed = `${THRESHOLD_WORDS[result.threshold]} needed ${result.yesNeeded} Yes`;
  return {
    passed: result.passed,
    label: result.passed ? "Passed" : "Not passed",
    yesShare: percentOf(result.yes, result.baseCount),
    thresholdShare: percentOf(result.yesNeeded, result.baseCount),
    detail: `Yes ${result.yes} of ${result.baseCount} ${base} (${percentOf(result.yes, result.baseCount)}%); ${needed}.`,
    abstentions:
      result.abstain > 0 || result.blank > 0
        ? `${listWords(
            [
              result.abstain > 0 ? `${result.abstain} abstained` : "",
              result.blank > 0 ? `${result.blank} blank` : "",
            ].filter(Boolean),
          )} (shown, not counted).`
        : null,
  };
}

export interface QuorumVerdict {
  /** Null while voting is open (the turnout may still grow). */
  valid: boolean | null;
  text: string;
}

/**
 * The server's quorum verdict (Election.quorum) in words; null when the election has none. The
 * turnout is written as every share is (percentOf, cut): never "50% below the 50% quorum".
 */
export function quorumVerdict(
  election: Pick<Election, "quorum" | "votes_cast" | "total_voters">,
): QuorumVerdict | null {
  const quorum = election.quorum;
  if (!quorum) return null;
  const figure = percentOf(election.votes_cast, election.total_voters);
  if (quorum.met === null)
    return { valid: null, text: `Turnout so far ${figure}%; quorum ${quorum.percent}%` };
  return quorum.met
    ? { valid: true, text: `Valid: turnout ${figure}%, quorum ${quorum.percent}%` }
    : { valid: false, text: `Not valid: turnout ${figure}% below the ${quorum.percent}% quorum` };
}

export interface RoundCell {
  /** The votes: "" for a candidate eliminated in an earlier round (IRV), "Excluded" (STV) at an earlier stage. */
  votes: string;
  /** The change at the stage, signed ("+1.69224", "−4"; STV), "" for none. */
  change: string;
}

export interface RoundRow {
  /** "Round 1", "Stage 2". */
  label: string;
  /** One cell per column candidate. */
  cells: RoundCell[];
  /** The same votes as numbers, for the chart (null when no longer counted). */
  values: Array<number | null>;
  /** The exhausted (IRV) or non-transferable (STV) figure, in all up to this round or stage. */
  setAside: string;
  /** What happened, in words. */
  events: string;
  /** Candidates elected in this round (for the row's mark). */
  elected: string[];
}

export interface RoundTable {
  /** What the count's steps are called: "round" (IRV) or "stage" (STV). */
  step: StepWord;
  columns: Array<{ id: string; name: string }>;
  /** The set-aside column's name (results.csv's), shortened for the column's head, and what it counts in a sentence. */
  setAsideLabel: string;
  setAsideShort: string;
  setAsideNote: string;
  rows: RoundRow[];
}

function transfersWords(transfers: Record<string, number>, names: Names, skip: string | null): string {
  const moved = Object.entries(transfers).filter(([id, votes]) => id !== skip && votes > 0);
  return moved
    .map(([id, votes]) => `${votesFigure(votes)} to ${id === "exhausted" ? "exhausted" : names(id)}`)
    .join(", ");
}

/** Instant runoff round by round: each round's totals, who was eliminated and where the ballots went. */
export function irvRoundTable(result: IrvResult, position: Pick<PositionView, "candidates">): RoundTable {
  const names = namesOf(position);
  const columns = position.candidates.map((c) => ({ id: c.id, name: c.name }));
  const rows = result.rounds.map((round) => {
    const events: string[] = [];
    if (round.winner) {
      const votes = round.totals[round.winner] ?? 0;
      events.push(
        `${names(round.winner)} elected with ${votes} of ${round.active} (${percentOf(votes, round.active)}%)`,
      );
    }
    if (round.eliminated) {
      const moved = transfersWords(round.transfers, names, round.eliminated);
      events.push(`${names(round.eliminated)} eliminated${moved ? `; ballots moved: ${moved}` : ""}`);
    }
    if (round.tieBreak) events.push(tieBreakText(round.tieBreak, names, STEP_WORDS.irv));
    return {
      label: `Round ${round.number}`,
      cells: columns.map((c) => ({
        votes: c.id in round.totals ? String(round.totals[c.id]) : "",
        change: "",
      })),
      values: columns.map((c) => round.totals[c.id] ?? null),
      setAside: String(round.exhausted),
      events: events.join(". "),
      elected: round.winner ? [round.winner] : [],
    };
  });
  return {
    step: STEP_WORDS.irv,
    columns,
    setAsideLabel: SET_ASIDE_LABELS.exhausted,
    setAsideShort: SET_ASIDE_LABELS.exhausted,
    setAsideNote: `${SET_ASIDE_LABELS.exhausted}: ballots that rank no continuing candidate, in all up to the round.`,
    rows,
  };
}

/** The non-transferable column's head, short enough for six candidates' figures beside it. */
const NON_TRANSFERABLE_SHORT = "Non-tr. so\u00a0far";

/**
 * Scottish STV stage by stage: totals after each stage with the change, surpluses, exclusions,
 * elections. The figures are results.csv's (stvFigures): an excluded candidate's votes leave at the
 * stage that excludes them, and the stages after say "Excluded".
 */
export function stvRoundTable(result: StvResult, position: Pick<PositionView, "candidates">): RoundTable {
  const names = namesOf(position);
  const columns = position.candidates.map((c) => ({ id: c.id, name: c.name }));
  const figures = stvFigures(
    result,
    columns.map((c) => c.id),
  );
  const rows = result.stages.map((stage, index) => {
    const figured = figures[index] ?? [];
    const cells = figured.map((figure) =>
      figure
        ? {
            votes: votesFigure(figure.votes),
            change:
              figure.change === 0
                ? ""
                : `${figure.change > 0 ? "+" : "−"}${votesFigure(Math.abs(figure.change))}`,
          }
        : { votes: EXCLUDED, change: "" },
    );
    const events: string[] = [];
    if (stage.kind === "first") events.push("First preferences");
    if (stage.kind === "surplus" && stage.from) {
      events.push(`Surplus of ${names(stage.from)} (${votesFigure(stage.surplus ?? 0)}) transferred`);
    }
    if (stage.kind === "exclusion" && stage.from) {
      events.push(`${names(stage.from)} excluded; ballots transferred`);
    }
    if (stage.nonTransferable.ballots > 0) {
      events.push(
        `${stage.nonTransferable.ballots} non-transferable (${votesFigure(stage.nonTransferable.votes)} votes)`,
      );
    }
    if (stage.lostToTruncation > 0)
      events.push(`${votesFigure(stage.lostToTruncation)} lost to rounding down`);
    for (const id of stage.excluded) if (id !== stage.from) events.push(`${names(id)} excluded`);
    if (stage.elected.length > 0) events.push(`${listWords(stage.elected.map(names))} elected`);
    if (stage.tieBreak) events.push(tieBreakText(stage.tieBreak, names, STEP_WORDS.stv));
    return {
      label: `Stage ${stage.number}`,
      cells,
      values: figured.map((figure) => figure?.votes ?? null),
      setAside: votesFigure(stage.exhausted.votes),
      events: events.join(". "),
      elected: stage.elected,
    };
  });
  return {
    step: STEP_WORDS.stv,
    columns,
    setAsideLabel: SET_ASIDE_LABELS.nonTransferableSoFar,
    setAsideShort: NON_TRANSFERABLE_SHORT,
    setAsideNote: `${SET_ASIDE_LABELS.nonTransferableSoFar} (${NON_TRANSFERABLE_SHORT}): the votes of ballots with no next available preference, set aside when they were to move, in all up to the end of the stage (each stage's own are in what happened).`,
    rows,
  };
}

/** STV's quota and the count's base, in words. */
export function stvQuotaText(result: StvResult): string {
  const last =
    result.lastVacancies === "continuing_equal_vacancies"
      ? " The last seats went to the candidates still continuing, as many as the seats left."
      : "";
  return `Quota ${votesFigure(result.quota)} (Droop: ${result.valid} valid ballots ÷ (${result.seats} seats + 1), rounded down, plus 1).${last}`;
}

export interface MatrixRow {
  id: string;
  name: string;
  cells: Array<{ id: string; votes: number | null; wins: boolean }>;
}

/** Schulze's pairwise matrix: cell [row][column] is the ballots ranking the row above the column. */
export function pairwiseRows(
  result: SchulzeResult,
  names: Names,
  matrix: "pairwise" | "strongest",
): MatrixRow[] {
  const grid = result[matrix];
  return result.candidates.map((id, i) => ({
    id,
    name: names(id),
    cells: result.candidates.map((other, j) => {
      if (i === j) return { id: other, votes: null, wins: false };
      const votes = grid[i]?.[j] ?? 0;
      return { id: other, votes, wins: votes > (grid[j]?.[i] ?? 0) };
    }),
  }));
}

/** Schulze's ranking in words: "A, then B, then C and D (tied)". */
export function schulzeOrderText(result: SchulzeResult, names: Names): string {
  return result.order
    .map((group) => (group.length > 1 ? `${listWords(group.map(names))} (tied)` : names(group[0] ?? "")))
    .join(", then ");
}

export interface MjRow {
  id: string;
  name: string;
  place: number;
  distribution: number[];
  /** Each grade's share of the candidate's grades, in percent (for the stacked bar). */
  shares: number[];
  majorityGrade: string;
  total: number;
}

/** Majority judgment's candidates in result order, with their grades and shares. */
export function mjRows(result: MjResult, names: Names): MjRow[] {
  const byId = new Map(result.candidates.map((c) => [c.id, c]));
  return result.order.flatMap((id, index) => {
    const candidate = byId.get(id);
    if (!candidate) return [];
    const total = candidate.distribution.reduce((sum, n) => sum + n, 0);
    return [
      {
        id,
        name: names(id),
        place: index + 1,
        distribution: candidate.distribution,
        shares: candidate.distribution.map((n) => (total === 0 ? 0 : (n / total) * 100)),
        majorityGrade: result.grades[candidate.majorityGrade] ?? "",
        total,
      },
    ];
  });
}

/**
 * The heading line of a question's winners: "Elected: A, B" or "Winner: A"; when the count decides
 * nothing (contract undecidedWhy: cancelled, below its quorum, still open), "Ahead in the count: A",
 * and a referendum says that word ("Not valid", "Cancelled").
 */
export function winnersLine(count: QuestionResult, names: Names, undecided: string | null = null): string {
  if (count.method === "referendum") return undecided ?? referendumVerdict(count.result).label;
  const winners = winnersOf(count).map(names);
  if (winners.length === 0) return "No winner: no ballots for any candidate";
  if (undecided) return `Ahead in the count: ${listWords(winners)}`;
  const many = winners.length > 1 || count.method === "stv" || count.method === "block";
  return `${many ? "Elected" : "Winner"}: ${listWords(winners)}`;
}

export interface TotalsRow {
  id: string;
  name: string;
  total: number;
  /** The bar's length: the total against the highest total, in percent. */
  width: number;
  elected: boolean;
}

/** Approval, block and score totals, highest first, the elected marked. */
export function totalsRows(result: TotalsResult, names: Names): TotalsRow[] {
  const top = Math.max(0, ...Object.values(result.totals));
  return result.order.map((id) => {
    const total = result.totals[id] ?? 0;
    return {
      id,
      name: names(id),
      total,
      width: top === 0 ? 0 : (total / top) * 100,
      elected: result.elected.includes(id),
    };
  });
}

/** The blank ballots of a plurality question's count (0 before it is published). */
export const blankOf = (position: PositionView): number =>
  position.result?.method === "plurality" ? position.result.result.blank : 0;

/** "2 votes in total", and the blank ballots beside them when there are any: they were cast too. */
export const votesInTotal = (votes: number, blank: number): string =>
  `${votes} ${votes === 1 ? "vote" : "votes"} in total${blank ? ` and ${blank} blank` : ""}`;
