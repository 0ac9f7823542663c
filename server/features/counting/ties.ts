/**
 * How every count breaks a tie (docs/counting.md § 1.1): first by earlier totals where the method
 * has them, then by lot, and the lot is a public seed drawn when voting closes, read through SHA-256 so
 * that anyone holding the seed draws the same. Never by the order ballots or candidates arrive in.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { TieBreak } from "../../../contract/ballots/result";

export type { TieBreak };

/**
 * The lot order of the candidates for one seed: ascending SHA-256 (hex) of `seed + ":" + id`, the id
 * itself deciding between equal hashes. Earlier in the lot order wins the lot: it is elected first, or
 * kept when someone must be excluded.
 */
export function lotOrder(seed: string, ids: readonly string[]): string[] {
  const keyed = ids.map((id) => ({ id, key: bytesToHex(sha256(utf8ToBytes(`${seed}:${id}`))) }));
  keyed.sort((a, b) => compareText(a.key, b.key) || compareText(a.id, b.id));
  return keyed.map((entry) => entry.id);
}

/** Code-unit order, the same in every locale (localeCompare is not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Chooses one of `tied` (two or more). `earlier` holds the totals of each preceding round, oldest
 * first; they are read from the most recent back: at the first round where the tied candidates
 * differ, those with the highest (want "most") or lowest (want "fewest") total there stay in, and
 * the reading goes on back while more than one stays. The lot decides among any still tied: the
 * earliest in the lot order when the most is wanted, the latest when the fewest is.
 */
export function breakTie(
  tied: readonly string[],
  want: "most" | "fewest",
  earlier: readonly ReadonlyMap<string, number>[],
  lot: readonly string[],
): TieBreak {
  let left = [...tied];
  let round: number | undefined;
  for (let r = earlier.length - 1; r >= 0 && left.length > 1; r--) {
    const totals = earlier[r] as ReadonlyMap<string, number>;
    const values = left.map((id) => totals.get(id) ?? 0);
    const best = want === "most" ? Math.max(...values) : Math.min(...values);
    const kept = left.filter((_, i) => values[i] === best);
    if (kept.length < left.length) {
      left = kept;
      round ??= r + 1;
    }
  }
  if (left.length === 1) return { tied: [...tied], chosen: left[0] as string, by: "earlier", round };
  const inLot = lot.filter((id) => left.includes(id));
  const chosen = (want === "most" ? inLot[0] : inLot[inLot.length - 1]) as string;
  return { tied: [...tied], chosen, by: "lot" };
}
