import { answerText } from "../../../../contract/ballots/ballot";
import { definitionText } from "../../../../contract/ballots/definition-hash";
import type { Bulletin, BulletinBallot } from "../../../../contract/bulletin";
import { turnoutProblems } from "../../../../contract/bulletin-check";
import { sha256Hex } from "./hash";

/** Where the chain of an election opened before definition hashes were kept starts. */
const GENESIS = "0".repeat(64);

export type Check =
  | { state: "checking" }
  | { state: "ok"; seals: number; ballots: number }
  | { state: "problems"; problems: string[] };

/**
 * What a ballot puts into the chain, as the server's `ballotHash` does: the candidate's id for a
 * plurality choice, any other answer as its canonical text (a missing answer is a blank one).
 */
export const sealedAnswer = (ballot: Pick<BulletinBallot, "candidate_id" | "ballot">) =>
  ballot.candidate_id ?? answerText(ballot.ballot ?? { kind: "blank" });

/** A sealed ballot's hash, as the server's `ballotHash` makes it: its answer and its chain key. */
export const ballotHashOf = (
  electionId: string,
  positionId: string,
  ballot: Pick<BulletinBallot, "candidate_id" | "ballot">,
  chainKey: string,
) => sha256Hex(`${electionId}|${positionId}|${sealedAnswer(ballot)}|${chainKey}`);

/**
 * Recomputes the definition hash from the published questions (the first seal chains from it),
 * every seal's root from its ballots' published hashes, and, once the answers are published, that
 * there are as many as sealed ballots and the published turnout agrees with them, as
 * `verify-election --board` does. Which hash holds which
 * answer only each voter can check, for their own ballot (the lookup).
 */
export async function checkSeals(bulletin: Bulletin): Promise<Check> {
  const problems: string[] = [];
  const published = bulletin.definition_hash;
  if (
    published !== null &&
    (await sha256Hex(definitionText(bulletin.election.id, bulletin.positions))) !== published
  )
    problems.push("The questions differ from the definition the chain starts from.");
  let previous = published ?? GENESIS;
  let sealed = 0;
  for (const [index, seal] of bulletin.seals.entries()) {
    const hashes = bulletin.sealed[index]?.seal === seal.sequence ? bulletin.sealed[index].hashes : [];
    sealed += hashes.length;
    if (seal.sequence !== index + 1) problems.push(`Seal ${seal.sequence} is out of sequence.`);
    if (seal.previous_root !== previous)
      problems.push(
        index === 0
          ? `Seal ${seal.sequence} does not chain from the election's definition.`
          : `Seal ${seal.sequence} does not chain to the seal before it.`,
      );
    if (hashes.length !== seal.ballot_count)
      problems.push(
        `Seal ${seal.sequence} lists ${seal.ballot_count} ballots; ${hashes.length} are published.`,
      );
    const root = await sha256Hex(seal.previous_root + hashes.join(""));
    if (root !== seal.root) problems.push(`Seal ${seal.sequence}: its root does not match its ballots.`);
    previous = seal.root;
  }
  if (bulletin.results !== null && bulletin.ballots.length !== sealed)
    problems.push(`${bulletin.ballots.length} answers are published for ${sealed} sealed ballots.`);
  problems.push(...turnoutProblems(bulletin));
  return problems.length
    ? { state: "problems", problems }
    : { state: "ok", seals: bulletin.seals.length, ballots: sealed };
}
