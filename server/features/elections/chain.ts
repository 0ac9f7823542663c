/**
 * The hash chain over an election's ballots: each seal's root hashes the root before it and its
 * ballots' hashes in the chain's order (by chain key, an order that says nothing of time). The
 * sealer (sealing.ts) makes it; the board, the recount and the verifier check it.
 */
import { answerText } from "../../../contract/ballots/ballot";
import { ballotTag, type SealedHashes } from "../../../contract/bulletin";
import type { ballots } from "../../db/schema";
import { sha256 } from "../../lib/sha256";

/** The root before the first seal of an election opened before definition hashes were kept. */
export const GENESIS = "0".repeat(64);

/**
 * The root an election's first seal chains from: its definition hash (fixed when voting opened:
 * contract/ballots/definition-hash.ts), so the chain commits the questions it is counted with;
 * GENESIS for an election opened before that hash was kept.
 */
export const chainStart = (definitionHash: string | null): string => definitionHash ?? GENESIS;

type BallotRow = Pick<
  typeof ballots.$inferSelect,
  "electionId" | "positionId" | "candidateId" | "answer" | "chainKey"
>;

/** A ballot's hashed text before its chain key: the election, the question and the choice. */
export function ballotHashPrefix(electionId: string, positionId: string, what: string): string {
  return `${electionId}|${positionId}|${what}|`;
}

/** A plurality choice hashes as its candidate's id; any other answer as its canonical text. */
export function ballotHash(ballot: BallotRow): string {
  const what = ballot.candidateId ?? answerText(ballot.answer ?? { kind: "blank" });
  return sha256(ballotHashPrefix(ballot.electionId, ballot.positionId, what) + ballot.chainKey);
}

/** The batch's ballots in the chain's order: by chain key (an order that says nothing of time). */
export function chainOrder<B extends Pick<BallotRow, "chainKey">>(batch: B[]): B[] {
  return [...batch].sort((a, b) => (a.chainKey < b.chainKey ? -1 : 1));
}

/** A seal's ballots as the board lists them: their hashes in the chain's order, each with its tag. */
export function sealedHashes(seal: number, batch: BallotRow[]): SealedHashes {
  const ordered = chainOrder(batch);
  return { seal, hashes: ordered.map(ballotHash), tags: ordered.map((b) => ballotTag(sha256(b.chainKey))) };
}

/** root = H(previous root ‖ H(ballot)…) over the batch in the chain's order. */
export function chainRoot(previousRoot: string, batch: BallotRow[]): string {
  return sha256(previousRoot + chainOrder(batch).map(ballotHash).join(""));
}

export function tallyOf(batch: BallotRow[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const ballot of batch) {
    // Plurality ballots by candidate; any other answer by its canonical text (so a recount per seal still holds).
    const key = ballot.candidateId ?? answerText(ballot.answer ?? { kind: "blank" });
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/** A chain head someone saw (on a receipt or the board): seal `sequence` had root `root`. */
export interface WitnessedHead {
  sequence: number;
  root: string;
}

/** `<sequence>:<root>`, as receipts and the board show a head. */
export function parseHead(text: string): WitnessedHead | null {
  const match = /^(\d+):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { sequence: Number(match[1]), root: (match[2] as string).toLowerCase() } : null;
}
