/**
 * What a board's published turnout must agree with, checked from the board alone, by
 * `verify-election --board` and by the board page's check alike: no question holds more published
 * answers than voters took part (each voter answers a question once), no more voters took part than
 * the roll holds, and the quorum's verdict is what those figures give. Ballots added to the count
 * after the vote (with their seals rebuilt to hold them) fail here.
 */
import type { Bulletin } from "./bulletin";
import { quorumMet } from "./elections";

/** The board's verifier as one file, served beside the app (web/build/verifierFile.ts builds it). */
export const VERIFIER_FILE = "verify-election.mjs";

export function turnoutProblems(
  board: Pick<Bulletin, "turnout" | "positions" | "ballots" | "roll_size">,
): string[] {
  const turnout = board.turnout;
  if (!turnout) return [];
  const problems: string[] = [];
  const { votes_cast: tookPart, total_voters: roll, quorum } = turnout;
  for (const position of board.positions) {
    const answers = board.ballots.filter((b) => b.position_id === position.id).length;
    if (answers > tookPart)
      problems.push(
        `Question "${position.title}": ${answers} ${answers === 1 ? "answer is" : "answers are"} published, but ${tookPart} ${tookPart === 1 ? "voter" : "voters"} took part.`,
      );
  }
  if (board.roll_size !== null && tookPart > roll)
    problems.push(`${tookPart} voters took part, more than the ${roll} on the roll.`);
  if (quorum?.met != null && quorum.met !== quorumMet(tookPart, roll, quorum.percent))
    problems.push(
      `The quorum of ${quorum.percent}% is published as ${quorum.met ? "met" : "not met"}, but ${tookPart} of ${roll} voters ${quorum.met ? "do not meet" : "meet"} it.`,
    );
  return problems;
}
