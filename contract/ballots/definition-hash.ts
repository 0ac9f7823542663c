/**
 * An election's definition as the seal chain commits it: the text whose sha256 (hex) is the
 * election's definition hash, fixed when voting opens. The election's first seal chains from that
 * hash instead of GENESIS, so the questions the ballots are counted with (each one's method with all
 * its settings: seats, threshold and base, grades, limits; its blank; its candidates in order) cannot
 * change after the vote without breaking the chain. The server (node:crypto), the verifier and the
 * browser (Web Crypto) hash this same text.
 */

import { canonicalJson } from "./ballot";
import type { QuestionMethod } from "./question";

export interface DefinedQuestion {
  id: string;
  title: string;
  method: QuestionMethod;
  blank: boolean;
  candidates: ReadonlyArray<{ id: string; name: string }>;
}

/** Canonical JSON of the election id and its questions in order, keeping only what the hash covers. */
export function definitionText(electionId: string, questions: readonly DefinedQuestion[]): string {
  return canonicalJson({
    election: electionId,
    questions: questions.map((q) => ({
      id: q.id,
      title: q.title,
      method: q.method,
      blank: q.blank,
      candidates: q.candidates.map((c) => ({ id: c.id, name: c.name })),
    })),
  });
}
