/**
 * The public bulletin board: what it publishes of an election (its seals, their ballots' hashes and
 * tags, the answers and results once voting has closed), and the receipt's rules by which a voter
 * finds their ballots there. Apart from elections.ts so that the ballot page, which gives a receipt
 * and checks nothing, does not load them.
 */
import type { Ballot } from "./ballots/ballot";
import type { QuestionMethod } from "./ballots/question";
import type { QuestionResult } from "./ballots/result";
import type { Election, ElectionStatus } from "./elections";

/**
 * A sealed ballot's answer, published once voting has closed, with no seal: the seals are the
 * moments voters turned "voted", so a ballot's seal beside its choice would make each seal's voters
 * a group whose choices are known (all of them when the group agrees, or holds one voter).
 */
export interface BulletinBallot {
  receipt_hash: string;
  position_id: string;
  /** The choice of a plurality question; null for any other answer. */
  candidate_id: string | null;
  /** The whole answer (a ranking, grades…) for a question other than plurality. */
  ballot: Ballot | null;
}

export interface BulletinSeal {
  sequence: number;
  previous_root: string;
  root: string;
  ballot_count: number;
  created_at: string;
}

/** A seal's ballots as the chain holds them. */
export interface SealedHashes {
  seal: number;
  /**
   * The ballots' hashes in the chain's order: the seal's root = sha256(previous_root ‖ hashes…). A
   * hash is of the ballot's election, question, answer and chain key (chainKeyMessage), a key only
   * the voter can make: no one else can tell which answer a hash holds, nor count a seal's answers.
   */
  hashes: string[];
  /** Each ballot's tag, beside its hash (ballotTag: of its chain key's sha256): a voter finds their ballot by it. */
  tags: string[];
}

export interface Bulletin {
  election: { id: string; title: string; status: ElectionStatus; organization_name: string };
  positions: Array<{
    id: string;
    title: string;
    method: QuestionMethod;
    blank: boolean;
    candidates: Array<{ id: string; name: string; party: string }>;
  }>;
  /**
   * sha256 of the definition of the election (contract/ballots/definition-hash.ts: its id and the
   * questions above, with their methods, blank and candidates), fixed when voting opened; the first
   * seal chains from it. Null for an election not yet opened or opened before it was kept (its first
   * seal chains from 64 zeros).
   */
  definition_hash: string | null;
  /** The roll's size the count used (a referendum of eligible voters), fixed when voting ended; null before. */
  roll_size: number | null;
  /**
   * The public seed that breaks ties anyone can repeat (docs/counting.md), drawn when voting closes;
   * null before.
   */
  tie_seed: string | null;
  /**
   * Who took part against the roll, and the quorum's verdict (Election's), published with the
   * results: a result below its quorum is not valid, whatever it counts. Null before.
   */
  turnout: Pick<Election, "votes_cast" | "total_voters" | "quorum"> | null;
  /** The chain's heads over time: each seal with its time and root. */
  seals: BulletinSeal[];
  /** Each seal's ballots' hashes and tags, in the seals' order. */
  sealed: SealedHashes[];
  /**
   * Once voting has closed, every sealed ballot's answer, in receipt-hash order (none before: a
   * count by candidate during the vote). Nothing on the board moves with a single ballot.
   */
  ballots: BulletinBallot[];
  /**
   * Each position's published result, counted from the ballots above with `tie_seed` (the same count
   * `verify-election` repeats); null until results are published: once the election is completed,
   * or cancelled with its results not hidden.
   */
  results: Array<{ position_id: string; result: QuestionResult }> | null;
}

/** A receipt's characters: no 0, 1, I or O, which read alike. */
export const RECEIPT_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A new receipt: 130 random bits (26 characters of its alphabet), grouped for reading (VS-XXXX-…-XX). */
export function drawReceipt(): string {
  let characters = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(26))) characters += RECEIPT_ALPHABET[byte % 32];
  return `VS-${characters.match(/.{1,4}/g)?.join("-")}`;
}

/** A receipt as casting gives it: VS- and 26 characters of its alphabet, by fours; any case. */
export const RECEIPT_PATTERN = new RegExp(
  `^VS-(?:[${RECEIPT_ALPHABET}]{4}-){6}[${RECEIPT_ALPHABET}]{2}$`,
  "i",
);

/**
 * A receipt as a voter may type it, in the one form casting gave it: any case, with dashes, spaces or
 * nothing between its groups (`vs abcd efgh …`, copied from a printed receipt). Null when it is not
 * a receipt.
 */
export function typedReceipt(typed: string): string | null {
  const characters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!characters.startsWith("VS")) return null;
  const receipt = ["VS", ...(characters.slice(2).match(/.{1,4}/g) ?? [])].join("-");
  return RECEIPT_PATTERN.test(receipt) ? receipt : null;
}

/** What a ballot's receipt hash is, for this position: sha256 hex of `${receipt}:${positionId}`. */
export function receiptMessage(receipt: string, positionId: string): string {
  return `${receipt.trim().toUpperCase()}:${positionId}`;
}

/**
 * What a ballot's chain key is: sha256 hex of `chain|${receipt}:${positionId}`. The key goes into
 * the ballot's hash in its seal (chain.ts ballotHash) and is never published: only the voter,
 * holding the receipt, can tie a seal's ballot hash to a choice. Its own hash is the ballot's tag
 * on the board (sha256 hex of the key), which finds the ballot's seal and tells nothing more.
 */
export function chainKeyMessage(receipt: string, positionId: string): string {
  return `chain|${receiptMessage(receipt, positionId)}`;
}

/**
 * A ballot's tag from the sha256 hex of its chain key: its first 16 characters (64 bits), enough to
 * find one's ballot among any election's (the lookup then checks its hash), a quarter of the
 * board's bytes a full hash would take.
 */
export const ballotTag = (keyHash: string): string => keyHash.slice(0, 16);
