/**
 * A question's result in words and rows: the method's name, the winners, and a table per method
 * (ranked totals; Yes, No, Abstain and the threshold; round by round for IRV and STV; the pairwise
 * matrix for Schulze; the grade distribution for majority judgment). Pure: results.csv is built from
 * these rows on the server, and the printable report may show the same rows.
 */
import { partyOf } from "../elections";
import type { CountingMethod, QuestionMethod, ReferendumThreshold } from "./question";
import type { QuestionResult, StvResult, StvStage, TieBreak } from "./result";

export const METHOD_NAMES: Record<CountingMethod, string> = {
  plurality: "Plurality",
  block: "Block plurality",
  approval: "Approval",
  referendum: "Referendum",
  irv: "Instant runoff",
  stv: "Single transferable vote (Scottish STV)",
  schulze: "Condorcet (Schulze)",
  majority_judgment: "Majority judgment",
  score: "Score",
};

/** A referendum's threshold in words, as a sentence goes on ("… needed"); `capitalized` starts one. */
export const THRESHOLD_WORDS: Record<ReferendumThreshold, string> = {
  majority: "a simple majority",
  two_thirds: "two thirds",
  three_quarters: "three quarters",
};
const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const BASE_WORDS = { cast: "of the Yes and No votes", eligible: "of the eligible voters" };

/**
 * What a ranked count's steps are called, in every text that names one (the results screens, the
 * report, results.csv, the board, verify-election): instant runoff counts in rounds, Scottish STV in
 * stages, its rules' word.
 */
export const STEP_WORDS = { irv: "round", stv: "stage" } as const;
export type StepWord = (typeof STEP_WORDS)[keyof typeof STEP_WORDS];

/**
 * The ballots a ranked count sets aside, by the names results.csv and the results screens give
 * them (docs/counting.md § 6 and § 7). IRV: exhausted, ballots ranking no continuing candidate, in
 * all up to the round. STV (the Scottish rules' term): non-transferable, ballots with no next
 * available preference when their votes were to move, in votes: those set aside at the stage, and
 * in all up to its end (the sum of the stages' figures so far).
 */
export const SET_ASIDE_LABELS = {
  exhausted: "Exhausted",
  nonTransferableAtStage: "Non-transferable this stage",
  nonTransferableSoFar: "Non-transferable so far",
} as const;

/** What an STV stage table says for a candidate excluded at an earlier stage, results.csv and the screens alike. */
export const EXCLUDED = "Excluded";

/** A candidate's figures at an STV stage: the votes at its end, and those it gained (or lost) at it. */
export interface StvFigure {
  votes: number;
  change: number;
}

/**
 * Each stage's figure for each of `ids`, as an official count sheet gives them, for results.csv and
 * the results screens alike: the votes at the end of the stage and the change at it (none at the
 * first). The stage that excludes a candidate shows their votes leaving (0, the change minus what
 * they had); every later stage shows them excluded (null), no longer counted.
 */
export function stvFigures(
  result: Pick<StvResult, "stages">,
  ids: readonly string[],
): (StvFigure | null)[][] {
  const out = new Set<string>();
  return result.stages.map((stage) => {
    const figures = ids.map((id) =>
      out.has(id)
        ? null
        : {
            votes: stage.totals[id] ?? 0,
            change: stage.kind === "first" ? 0 : (stage.transfers[id] ?? 0),
          },
    );
    for (const id of stage.excluded) out.add(id);
    return figures;
  });
}

/** The method in words, with its seats and threshold: "Single transferable vote (Scottish STV), 3 seats". */
export function methodLabel(method: QuestionMethod): string {
  const name = METHOD_NAMES[method.kind];
  switch (method.kind) {
    case "block":
    case "stv":
      return `${name}, ${method.seats} seats`;
    case "approval":
      return method.seats > 1 ? `${name}, ${method.seats} seats` : name;
    case "referendum":
      return `${name}: ${capitalized(THRESHOLD_WORDS[method.threshold])} ${BASE_WORDS[method.base]}`;
    case "score":
      return `${name}, 0 to ${method.max}`;
    default:
      return name;
  }
}

/** The candidates elected (in the order the count elected them); none for a referendum (see `passed`). */
export function winnersOf(result: QuestionResult): string[] {
  switch (result.method) {
    case "plurality":
    case "block":
    case "approval":
    case "score":
    case "stv":
      return result.result.elected;
    case "referendum":
      return [];
    case "irv":
    case "schulze":
    case "majority_judgment":
      return result.result.winner ? [result.result.winner] : [];
  }
}

export interface RowsQuestion {
  title: string;
  method: QuestionMethod;
  candidates: Array<{ id: string; name: string; party?: string }>;
}

/**
 * The question's result as rows of cells (text), a heading block first, then the method's table.
 * `undecided` is why the count decides nothing (contract/elections undecidedWhy), null when it
 * decides: then no one is "Elected", those ahead are "Ahead in the count", and a referendum's
 * outcome is that word ("Not valid").
 */
export function resultRows(
  question: RowsQuestion,
  counted: QuestionResult,
  undecided: string | null,
): string[][] {
  const name = (id: string) => question.candidates.find((c) => c.id === id)?.name ?? id;
  const names = (ids: readonly string[]) => ids.map(name).join("; ");
  const lead = (ids: readonly string[]) => [undecided ? "Ahead in the count" : "Elected", names(ids)];
  const ids = question.candidates.map((c) => c.id);
  const { cast, blank } = counted.result;
  const head = [
    ["Question", question.title],
    ["Method", methodLabel(question.method)],
    ["Ballots cast", String(cast)],
    ["Blank", String(blank)],
  ];
  switch (counted.method) {
    case "referendum": {
      const r = counted.result;
      return [
        ...head,
        ["Outcome", undecided ?? (r.passed ? "Passed" : "Not passed")],
        [],
        ["Answer", "Votes"],
        ["Yes", String(r.yes)],
        ["No", String(r.no)],
        ["Abstain", String(r.abstain)],
        [],
        ["Threshold", `${capitalized(THRESHOLD_WORDS[r.threshold])} ${BASE_WORDS[r.base]}`],
        ["Base", String(r.baseCount)],
        ["Yes needed", String(r.yesNeeded)],
      ];
    }
    case "plurality":
    case "block":
    case "approval":
    case "score": {
      const r = counted.result;
      const figure =
        counted.method === "approval" ? "Approvals" : counted.method === "score" ? "Total" : "Votes";
      const party = (id: string) => partyOf(question.candidates.find((c) => c.id === id)?.party);
      const ranks = competitionRanks(r.order.map((id) => r.totals[id] ?? 0));
      return [
        ...head,
        lead(r.elected),
        ...(r.tie ? [["Tie broken by lot", `${names(r.tie.tied)} → ${names(r.tie.elected)}`]] : []),
        [],
        ["Rank", "Candidate", "Party", figure, undecided ? "Ahead" : "Elected"],
        ...r.order.map((id, i) => [
          String(ranks[i]),
          name(id),
          party(id),
          String(r.totals[id] ?? 0),
          r.elected.includes(id) ? "Yes" : "",
        ]),
      ];
    }
    case "irv": {
      const r = counted.result;
      return [
        ...head,
        lead(r.winner ? [r.winner] : []),
        [],
        [
          "Round",
          ...ids.map(name),
          SET_ASIDE_LABELS.exhausted,
          "Active",
          "Elected",
          "Eliminated",
          "Transfers",
          "Tie",
        ],
        ...r.rounds.map((round) => [
          String(round.number),
          ...ids.map((id) => (id in round.totals ? String(round.totals[id]) : "")),
          String(round.exhausted),
          String(round.active),
          round.winner ? name(round.winner) : "",
          round.eliminated ? name(round.eliminated) : "",
          transfersText(round.transfers, name),
          tieText(round.tieBreak, name, STEP_WORDS.irv),
        ]),
      ];
    }
    case "stv": {
      const r = counted.result;
      const figures = stvFigures(r, ids);
      return [
        ...head,
        ["Seats", String(r.seats)],
        ["Quota", String(r.quota)],
        lead(r.elected),
        [],
        [
          "Stage",
          "Action",
          ...ids.map(name),
          SET_ASIDE_LABELS.nonTransferableAtStage,
          SET_ASIDE_LABELS.nonTransferableSoFar,
          "Lost to truncation",
          "Elected",
          "Excluded",
          "Transfers",
          "Tie",
        ],
        ...r.stages.map((stage, index) => {
          const row = figures[index] ?? [];
          const moved = row.flatMap((figure, i) =>
            figure?.change ? [`${name(ids[i] ?? "")}: ${figure.change}`] : [],
          );
          return [
            String(stage.number),
            stageAction(stage, name),
            ...row.map((figure) => (figure ? String(figure.votes) : EXCLUDED)),
            String(stage.nonTransferable.votes),
            String(stage.exhausted.votes),
            String(stage.lostToTruncation),
            names(stage.elected),
            names(stage.excluded),
            moved.join("; "),
            tieText(stage.tieBreak, name, STEP_WORDS.stv),
          ];
        }),
      ];
    }
    case "schulze": {
      const r = counted.result;
      const matrix = (title: string, cells: number[][]) => [
        [title, ...r.candidates.map(name)],
        ...r.candidates.map((id, i) => [
          name(id),
          ...r.candidates.map((_, j) => (i === j ? "" : String(cells[i]?.[j] ?? 0))),
        ]),
      ];
      return [
        ...head,
        lead(r.winner ? [r.winner] : []),
        ["Order", r.order.map(names).join(" > ")],
        [],
        ...matrix("Pairwise: row over column", r.pairwise),
        [],
        ...matrix("Strongest paths", r.strongest),
      ];
    }
    case "majority_judgment": {
      const r = counted.result;
      const of = new Map(r.candidates.map((c) => [c.id, c]));
      return [
        ...head,
        lead(r.winner ? [r.winner] : []),
        [],
        ["Place", "Candidate", ...r.grades, "Majority grade"],
        ...r.order.map((id, i) => [
          String(i + 1),
          name(id),
          ...(of.get(id)?.distribution ?? []).map(String),
          r.grades[of.get(id)?.majorityGrade ?? 0] ?? "",
        ]),
      ];
    }
  }
}

/** "1, 1, 3": equal figures (already in descending order) share a rank. */
function competitionRanks(figures: number[]): number[] {
  return figures.map((figure) => figures.indexOf(figure) + 1);
}

function stageAction(stage: StvStage, name: (id: string) => string): string {
  if (stage.kind === "first") return "First preferences";
  const from = stage.from ? name(stage.from) : "";
  return stage.kind === "surplus" ? `Surplus of ${from} (${stage.surplus ?? 0})` : `Exclusion of ${from}`;
}

function transfersText(transfers: Record<string, number>, name: (id: string) => string): string {
  return Object.entries(transfers)
    .map(([to, n]) => `${to === "exhausted" ? "exhausted" : name(to)}: ${n}`)
    .join("; ");
}

function tieText(tie: TieBreak | undefined, name: (id: string) => string, step: StepWord): string {
  if (!tie) return "";
  const how = tie.by === "lot" ? "by lot" : `by ${step} ${tie.round ?? ""} totals`;
  return `${tie.tied.map(name).join(", ")}: ${name(tie.chosen)} ${how}`;
}
