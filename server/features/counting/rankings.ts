/**
 * Ranked ballots gathered for counting: identical rankings are counted once with their number, so a
 * count walks only the distinct rankings. Candidates become their index in the question's order.
 */
import type { Ballot } from "../../../contract/ballots/ballot";

export interface RankingGroup {
  /**
   * Candidate indexes, first rank first, each rank followed by the end-of-rank token (the number of
   * candidates, never a candidate's index).
   */
  tokens: number[];
  count: number;
}

export interface GatheredRankings {
  groups: RankingGroup[];
  cast: number;
  blank: number;
}

/** Gathers ranking ballots; a blank or an empty ranking counts as cast for no one. */
export function gatherRankings(candidates: readonly string[], ballots: Iterable<Ballot>): GatheredRankings {
  const index = new Map(candidates.map((id, i) => [id, i]));
  const endOfRank = candidates.length;
  // Distinct rankings by a 32-bit hash of their tokens (candidate indexes, and endOfRank after each
  // rank), each bucket checked token by token, so equal hashes never merge different rankings.
  const buckets = new Map<number, RankingGroup[]>();
  const groups: RankingGroup[] = [];
  const tokens: number[] = [];
  let length = 0;
  let cast = 0;
  let blank = 0;
  for (const ballot of ballots) {
    cast++;
    if (ballot.kind !== "ranking" || ballot.ranks.length === 0) {
      blank++;
      continue;
    }
    length = 0;
    let hash = 0x811c9dc5;
    for (const rank of ballot.ranks) {
      for (const id of rank) {
        const at = index.get(id);
        if (at === undefined) throw new Error("A ranking names a candidate the question does not have.");
        tokens[length++] = at;
        hash = Math.imul(hash ^ at, 0x01000193);
      }
      tokens[length++] = endOfRank;
      hash = Math.imul(hash ^ endOfRank, 0x01000193);
    }
    const bucket = buckets.get(hash);
    const found = bucket?.find((group) => sameTokens(group.tokens, tokens, length));
    if (found) {
      found.count++;
      continue;
    }
    const group = { tokens: tokens.slice(0, length), count: 1 };
    groups.push(group);
    if (bucket) bucket.push(group);
    else buckets.set(hash, [group]);
  }
  return { groups, cast, blank };
}

function sameTokens(group: readonly number[], tokens: readonly number[], length: number): boolean {
  if (group.length !== length) return false;
  for (let i = 0; i < length; i++) if (group[i] !== tokens[i]) return false;
  return true;
}
