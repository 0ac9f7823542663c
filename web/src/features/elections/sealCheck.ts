import { answerText } from "../../../../contract/ballots/ballot";
import type { Bulletin } from "../../../../contract/elections";
import { sha256Hex } from "./hash";

const GENESIS = "0".repeat(64);

export type Check =
  | { state: "checking" }
  | { state: "pending" }
  | { state: "ok"; seals: number; ballots: number }
  | { state: "problems"; problems: string[] };

/** Recomputes every seal's root from the published ballots, as the server's verifier does. */
export async function checkSeals(bulletin: Bulletin): Promise<Check> {
  // While voting is open the choices are not published yet, so the roots cannot be recomputed.
  if (bulletin.ballots.some((b) => b.candidate_id === null && b.ballot === null)) return { state: "pending" };
  const problems: string[] = [];
  let previous = GENESIS;
  for (const [index, seal] of bulletin.seals.entries()) {
    const batch = bulletin.ballots
      .filter((b) => b.seal === seal.sequence)
      .sort((a, b) => (a.receipt_hash < b.receipt_hash ? -1 : 1));
    if (seal.sequence !== index + 1) problems.push(`Seal ${seal.sequence} is out of sequence.`);
    if (seal.previous_root !== previous)
      problems.push(`Seal ${seal.sequence} does not chain to the seal before it.`);
    if (batch.length !== seal.ballot_count)
      problems.push(
        `Seal ${seal.sequence} lists ${seal.ballot_count} ballots; ${batch.length} are published.`,
      );
    const hashes = await Promise.all(
      batch.map((b) =>
        // A plurality choice hashes as its candidate's id, any other answer as its canonical text
        // (server/features/elections/sealing.ts, ballotHash).
        sha256Hex(
          `${bulletin.election.id}|${b.position_id}|${b.candidate_id ?? answerText(b.ballot ?? { kind: "blank" })}|${b.receipt_hash}`,
        ),
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
