/**
 * Receipts this browser kept, by election: the voter's only link to their ballots on the public
 * bulletin board. The server keeps no copy (only a hash), so this is what lets a voter on this
 * device see their choice again. Each casting gives its own receipt, for the positions it covered.
 */
import type { Ballot } from "../../../../contract/ballots/ballot";

const KEY = "votespace_receipts";

export interface KeptReceipt {
  receipt: string;
  /** positionId → candidateId (plurality choices) */
  choices: Record<string, string>;
  /** positionId → the whole answer, for the other questions (a ranking, a set, grades…) */
  answers?: Record<string, Ballot>;
  cast_at: string;
  /** The chain's head when the vote was cast, as `<sequence>:<root>` (null before the first seal). */
  head?: string | null;
}

type Store = Record<string, KeptReceipt[]>;

function isReceipt(value: unknown): value is KeptReceipt {
  if (!value || typeof value !== "object") return false;
  const item = value as Partial<KeptReceipt>;
  return typeof item.receipt === "string" && !!item.choices && typeof item.choices === "object";
}

function read(): Store {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, unknown>;
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

export function receiptsFor(electionId: string): KeptReceipt[] {
  return read()[electionId] ?? [];
}

/** positionId → candidateId over every receipt kept for the election. */
export function keptChoices(electionId: string): Record<string, string> {
  return Object.assign({}, ...receiptsFor(electionId).map((r) => r.choices));
}

/** positionId → the answer kept for a question other than a plurality choice. */
export function keptAnswers(electionId: string): Record<string, Ballot> {
  return Object.assign({}, ...receiptsFor(electionId).map((r) => r.answers ?? {}));
}

export function keepReceipt(electionId: string, receipt: KeptReceipt): void {
  const store = read();
  store[electionId] = [...(store[electionId] ?? []).filter((r) => r.receipt !== receipt.receipt), receipt];
  try {
    localStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    // Storage full or refused: the receipt is still on screen to copy.
  }
}
