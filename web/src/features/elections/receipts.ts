/**
 * Receipts this browser kept for the signed-in voter, by election: the voter's only link to their
 * ballots on the public bulletin board. The server keeps no copy (only a hash), so this is what lets
 * a voter on this device see their choice again, while signed in: a receipt holds the choices, so
 * they are kept under the voter's own key and go at sign-out (accounts/keptOnDevice.ts). Each
 * casting gives its own receipt, for the positions it covered.
 */
import type { Ballot } from "../../../../contract/ballots/ballot";
import { RECEIPTS_PREFIX } from "../accounts/keptOnDevice";

export interface KeptReceipt {
  receipt: string;
  /** positionId → candidateId (plurality choices) */
  choices: Record<string, string>;
  /** positionId → the whole answer, for the other questions (a ranking, a set, grades…) */
  answers?: Record<string, Ballot>;
  cast_at: string;
  /** The chain's head when the vote was cast, as `<sequence>:<root>` (null before the first seal). */
  head?: string | null;
  /** Sent, its answer not (yet) come: cast or not, castBallot.ts settles it. */
  pending?: boolean;
}

type Store = Record<string, KeptReceipt[]>;

function isReceipt(value: unknown): value is KeptReceipt {
  if (!value || typeof value !== "object") return false;
  const item = value as Partial<KeptReceipt>;
  return typeof item.receipt === "string" && !!item.choices && typeof item.choices === "object";
}

/** The voter's receipts; none without a signed-in voter. */
function read(userId: string | undefined): Store {
  if (!userId) return {};
  try {
    const raw = JSON.parse(localStorage.getItem(RECEIPTS_PREFIX + userId) ?? "{}") as Record<string, unknown>;
    const store: Store = {};
    for (const [electionId, entry] of Object.entries(raw ?? {})) {
      // An entry is a list of receipts; a single { receipt, choices } object is read as a list of one.
      const list = Array.isArray(entry) ? entry : [entry];
      const kept = list.filter(isReceipt).map((item) => ({ ...item, cast_at: item.cast_at ?? "" }));
      if (kept.length) store[electionId] = kept;
    }
    return store;
  } catch {
    return {};
  }
}

export function receiptsFor(userId: string | undefined, electionId: string): KeptReceipt[] {
  return read(userId)[electionId] ?? [];
}

/**
 * Over every receipt kept for the election: positionId → candidateId (plurality choices), and
 * positionId → the answer to any other question.
 */
export function keptOf(
  userId: string | undefined,
  electionId: string,
): { choices: Record<string, string>; answers: Record<string, Ballot> } {
  const receipts = receiptsFor(userId, electionId);
  return {
    choices: Object.assign({}, ...receipts.map((r) => r.choices)),
    answers: Object.assign({}, ...receipts.map((r) => r.answers ?? {})),
  };
}

export function keepReceipt(userId: string | undefined, electionId: string, receipt: KeptReceipt): void {
  const kept = receiptsFor(userId, electionId).filter((r) => r.receipt !== receipt.receipt);
  store(userId, electionId, [...kept, receipt]);
}

function store(userId: string | undefined, electionId: string, kept: KeptReceipt[]): void {
  if (!userId) return;
  const all = read(userId);
  all[electionId] = kept;
  try {
    localStorage.setItem(RECEIPTS_PREFIX + userId, JSON.stringify(all));
  } catch {
    // Storage full or refused: the receipt is still on screen to copy.
  }
}

export function forgetReceipt(userId: string | undefined, electionId: string, receipt: string): void {
  const kept = receiptsFor(userId, electionId).filter((r) => r.receipt !== receipt);
  store(userId, electionId, kept);
}
