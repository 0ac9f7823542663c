import type { Ballot } from "../../../../contract/ballots/ballot";
import { keptForUser } from "../../api/keptForUser";

/** A ballot's answers by question (position) id; undefined: an answer taken back. */
export type Answers = Record<string, Ballot | undefined>;

/**
 * The answers a voter has marked and not yet cast, per election, in this page's memory only: a
 * voter who opens another tab of the election, or follows a link and comes back, finds them as
 * they were. Never written to storage, so a shared computer keeps no choice once the page is
 * closed; forgotten once cast, and when another user, or none, signs in.
 */
const drafts = new Map<string, Answers>();

export function draftOf(electionId: string): Answers {
  return drafts.get(electionId) ?? {};
}

export function keepDraft(electionId: string, answers: Answers): void {
  drafts.set(electionId, answers);
}

export function forgetDraft(electionId: string): void {
  drafts.delete(electionId);
}

keptForUser(() => drafts.clear());

/** Whether any election holds answers marked and not cast. */
const hasMarkedAnswers = () =>
  [...drafts.values()].some((answers) => Object.values(answers).some((answer) => answer !== undefined));

// Reloading or closing the page throws marked answers away (they are never stored): the browser asks
// first ("Leave site? Changes that you made may not be saved."), as it does for a form half filled.
if (typeof window !== "undefined")
  window.addEventListener("beforeunload", (event) => {
    if (hasMarkedAnswers()) event.preventDefault();
  });
