/**
 * The review step's words and its lines (BallotReview) and the preview's (VoterPreview): both load
 * lazily, so their words are not on the ballot's first load as they were in ballotWords.ts.
 */
import type { Ballot } from "../../../../contract/ballots/ballot";
import { answerWords, type QuestionWords } from "./ballotWords";

export const reviewWords = {
  reviewTitle: "Review your ballot",
  reviewIntro: "This is the ballot you are about to cast. Votes cannot be changed once cast.",
  // Each title quoted: a title may end in its own "?" or hold a comma.
  reviewSkipped: (titles: string[]) =>
    `Not answered: ${titles.map((title) => `“${title}”`).join(", ")}. You can answer ${titles.length > 1 ? "them" : "it"} later, until voting closes.`,
  reviewBack: "Back",
  reviewCast: "Cast Vote",
};

/** The preview's words: only those who manage an upcoming election load them (VoterPreview, the review). */
export const previewWords = {
  previewTitle: "Preview as a voter",
  previewBanner:
    "Preview: this is the ballot as voters will see it. Everything works except casting; nothing is sent.",
  previewOpen: "Preview as a voter",
  previewClose: "Close the preview",
  previewCastOff: "Casting is off in a preview.",
};

const KIND_LABEL: Partial<Record<Ballot["kind"], string>> = {
  set: "choices",
  ranking: "rank",
  grades: "grades",
  scores: "scores",
};

/** One line of the review: "Treasurer: Ada Lovelace", "Board of Directors (rank): 1. …, 2. …". */
export function reviewLine(question: QuestionWords, ballot: Ballot): string {
  const label = ballot.kind === "blank" ? undefined : KIND_LABEL[ballot.kind];
  return `${question.title}${label ? ` (${label})` : ""}: ${answerWords(question, ballot)}`;
}
