/** Ballot builders for the counting tests. */
import type { Ballot } from "../../../contract/ballots/ballot";

/** `count` copies of a ballot. */
export function times(count: number, ballot: Ballot): Ballot[] {
  return Array.from({ length: count }, () => ballot);
}

/** A ranking, one candidate per rank: ranked("a", "b") ranks a first, b second. */
export function ranked(...ids: string[]): Ballot {
  return { kind: "ranking", ranks: ids.map((id) => [id]) };
}

/** A deterministic pseudo-random source (mulberry32), so a failing randomized case can be replayed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates) drawn from `random`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Wikipedia's Tennessee capital example (articles "Instant-runoff voting" and "Condorcet method"):
 * 42% Memphis > Nashville > Chattanooga > Knoxville, 26% Nashville > Chattanooga > Knoxville > Memphis,
 * 15% Chattanooga > Knoxville > Nashville > Memphis, 17% Knoxville > Chattanooga > Nashville > Memphis.
 */
export const TENNESSEE = ["memphis", "nashville", "chattanooga", "knoxville"];
export function tennessee(): Ballot[] {
  return [
    ...times(42, ranked("memphis", "nashville", "chattanooga", "knoxville")),
    ...times(26, ranked("nashville", "chattanooga", "knoxville", "memphis")),
    ...times(15, ranked("chattanooga", "knoxville", "nashville", "memphis")),
    ...times(17, ranked("knoxville", "chattanooga", "nashville", "memphis")),
  ];
}
