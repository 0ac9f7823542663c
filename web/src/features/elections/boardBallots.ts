/**
 * The bulletin board's pure parts: each sealed ballot's answer in words (the ballot screens' own
 * `answerWords`, candidate names from the board's positions), a question's outcome in one line, and
 * the pages of a long list of ballots. Tested in boardBallots.test.ts.
 */

import type { QuestionResult } from "../../../../contract/ballots/result";
import { methodLabel, winnersOf } from "../../../../contract/ballots/result-rows";
import type { Bulletin, BulletinBallot } from "../../../../contract/bulletin";
import { countDecides } from "../../../../contract/count-standing";
import { answerWords } from "./ballotWords";
import { words } from "./bulletinText";
import { tieTexts } from "./results/present";

export type BoardPosition = Bulletin["positions"][number];

/** A sealed ballot's answer in words; null while voting is open (the answers are published at the close). */
export function boardAnswer(
  position: BoardPosition,
  ballot: Pick<BulletinBallot, "candidate_id" | "ballot">,
): string | null {
  if (ballot.candidate_id !== null)
    return answerWords(position, { kind: "choice", candidate: ballot.candidate_id });
  return ballot.ballot ? answerWords(position, ballot.ballot) : null;
}

/**
 * A question's published outcome in one line: who was elected, or whether the motion passed; when
 * the count decides nothing (`undecided`: why, from undecidedWhy), who is ahead and why no one is
 * elected.
 */
export function outcomeText(
  position: BoardPosition,
  counted: QuestionResult,
  undecided: string | null,
): string {
  if (counted.method === "referendum") {
    const r = counted.result;
    return words.referendumOutcome(undecided ?? r.passed, r.yes, r.no, r.abstain, r.yesNeeded);
  }
  const name = (id: string) => position.candidates.find((c) => c.id === id)?.name ?? id;
  const elected = winnersOf(counted).map(name);
  if (!elected.length) return words.noneElected;
  // A tie the count decided, as the results screens say it ("Ama tied with Kojo; decided by the public seed").
  const lead = undecided ? words.ahead(undecided, elected) : words.elected(elected);
  return [lead, ...tieTexts(counted, name)].join(". ");
}

/** Why the board's counts decide nothing (Trophy.tsx countDecides), in its words; null when they decide. */
export function undecidedWhy(bulletin: Pick<Bulletin, "election" | "turnout">): string | null {
  const { status } = bulletin.election;
  if (countDecides({ status, quorum: bulletin.turnout?.quorum ?? null })) return null;
  return words.undecided(status === "cancelled");
}

/** The method in words, as the results screens say it ("Single transferable vote (Scottish STV), 3 seats"). */
export const methodText = (position: BoardPosition) => methodLabel(position.method);

export const PAGE_SIZE = 50;

/** Page `page` (from 0) of `total` rows: its first and last row (from 0, end excluded) and the page count. */
export function pageOf(total: number, page: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { page: current, pages, from: current * size, to: Math.min(total, (current + 1) * size) };
}

/** The voter's own ballots first, so paging never hides them; the rest in the board's order. */
export function mineFirst<T extends { receipt_hash: string }>(ballots: T[], mine: Set<string>): T[] {
  if (mine.size === 0) return ballots;
  return [
    ...ballots.filter((b) => mine.has(b.receipt_hash)),
    ...ballots.filter((b) => !mine.has(b.receipt_hash)),
  ];
}
