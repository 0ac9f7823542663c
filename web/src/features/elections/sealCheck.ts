import { answerText } from "../../../../contract/ballots/ballot";
import { definitionText } from "../../../../contract/ballots/definition-hash";
import type { Bulletin, BulletinBallot } from "../../../../contract/elections";
import { sha256Hex } from "./hash";

/** Where the chain of an election opened before definition hashes were kept starts. */
const GENESIS = "0".repeat(64);

export type Check =
  | { state: "checking" }
  | { state: "pending" }
  | { state: "ok"; seals: number; ballots: number }
  | { state: "problems"; problems: string[] };

/** Whether the sealed ballots' answers are published: once voting has closed (completed or cancelled). */
export const answersPublished = (status: Bulletin["election"]["status"]) =>
  status !== "upcoming" && status !== "active";

/**
 * What a ballot puts into the chain, as the server's `ballotHash` does: the candidate's id for a
 * plurality choice, any other answer as its canonical text (a missing answer is a blank one).
 */
export const sealedAnswer = (ballot: Pick<BulletinBallot, "candidate_id" | "ballot">) =>
  ballot.candidate_id ?? answerText(ballot.ballot ?? { kind: "blank" });

/**
 * Recomputes the definition hash from the published questions (the first seal chains from it) and
 * every seal's root from the published ballots, as the server's verifier does.
 */
export async function checkSeals(bulletin: Bulletin): Promise<Check> {
  // While voting is open the answers are not published yet, so the roots cannot be recomputed.
  if (!answersPublished(bulletin.election.status)) return { state: "pending" };
  const problems: string[] = [];
  const published = bulletin.definition_hash;
  if (
    published !== null &&
    (await sha256Hex(definitionText(bulletin.election.id, bulletin.positions))) !== published
  )
    problems.push("The questions differ from the definition the chain starts from.");
  let previous = published ?? GENESIS;
  const bySeal = new Map<number, BulletinBallot[]>();
  for (const ballot of bulletin.ballots) {
    const batch = bySeal.get(ballot.seal);
    if (batch) batch.push(ballot);
    else bySeal.set(ballot.seal, [ballot]);
  }
  for (const [index, seal] of bulletin.seals.entries()) {
    const batch = (bySeal.get(seal.sequence) ?? []).sort((a, b) =>
      a.receipt_hash < b.receipt_hash ? -1 : 1,
    );
    if (seal.sequence !== index + 1) problems.push(`Seal ${seal.sequence} is out of sequence.`);
    if (seal.previous_root !== previous)
      problems.push(
        index === 0
          ? `Seal ${seal.sequence} does not chain from the election's definition.`
          : `Seal ${seal.sequence} does not chain to the seal before it.`,
      );
    if (batch.length !== seal.ballot_count)
      problems.push(
        `Seal ${seal.sequence} lists ${seal.ballot_count} ballots; ${batch.length} are published.`,
      );
    const hashes = await Promise.all(
      batch.map((b) =>
        sha256Hex(`${bulletin.election.id}|${b.position_id}|${sealedAnswer(b)}|${b.receipt_hash}`),
      ),
    );
    const root = await sha256Hex(seal.previous_root + hashes.join(""));
    if (root !== seal.root) problems.push(`Seal ${seal.sequence}: its root does not match its ballots.`);
    previous = seal.root;
  }
  return problems.length
    ? { state: "problems", problems }
    : { state: "ok", seals: bulletin.seals.length, ballots: bulletin.ballots.length };
}
