/**
 * Instant runoff: round by round, a candidate with more than half the ballots still in the count wins;
 * otherwise the candidate with the fewest is eliminated and their ballots move to each ballot's next
 * continuing choice (docs/counting.md § 7). Whole ballots only; written apart from
 * stv.ts so the two can check each other.
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { IrvResult, IrvRound } from "../../../contract/ballots/result";
import { breakTie, lotOrder } from "./ties";

export type { IrvResult, IrvRound };

export function countIrv(candidates: readonly string[], ballots: Iterable<Ballot>, seed: string): IrvResult {
  let cast = 0;
  let blank = 0;
  // Each ballot as its list of choices; a pointer per ballot to its current choice.
  const rankings: string[][] = [];
  for (const ballot of ballots) {
    cast++;
    if (ballot.kind === "ranking" && ballot.ranks.length > 0)
      rankings.push(ballot.ranks.map((rank) => rank[0] as string));
    else blank++;
  }
  const lot = lotOrder(seed, candidates);
  const eliminated = new Set<string>();
  const current = (ranking: string[]) => ranking.find((id) => !eliminated.has(id));
  const rounds: IrvRound[] = [];
  const earlier: Map<string, number>[] = [];
  let exhausted = 0;
  let transfers: Record<string, number> = {};
  while (true) {
    const totals = new Map(candidates.filter((id) => !eliminated.has(id)).map((id) => [id, 0]));
    exhausted = 0;
    for (const ranking of rankings) {
      const choice = current(ranking);
      if (choice === undefined) exhausted++;
      else totals.set(choice, (totals.get(choice) ?? 0) + 1);
    }
    const active = rankings.length - exhausted;
    const round: IrvRound = {
      number: rounds.length + 1,
      totals: Object.fromEntries(totals),
      exhausted,
      active,
      winner: null,
      eliminated: null,
      transfers: {},
    };
    if (rounds.length > 0) (rounds[rounds.length - 1] as IrvRound).transfers = transfers;
    rounds.push(round);
    const standing = [...totals.entries()];
    const top = standing.find(([, votes]) => 2 * votes > active);
    if (top || standing.length === 1) {
      round.winner = (top ?? standing[0])?.[0] ?? null;
      break;
    }
    if (standing.length === 0 || active === 0) break;
    const fewest = Math.min(...standing.map(([, votes]) => votes));
    const tied = standing.filter(([, votes]) => votes === fewest).map(([id]) => id);
    const tieBreak = tied.length > 1 ? breakTie(tied, "fewest", earlier, lot) : undefined;
    const out = tieBreak ? tieBreak.chosen : (tied[0] as string);
    round.eliminated = out;
    if (tieBreak) round.tieBreak = tieBreak;
    earlier.push(totals);
    transfers = {};
    for (const ranking of rankings) {
      if (current(ranking) !== out) continue;
      const next = ranking.find((id) => id !== out && !eliminated.has(id)) ?? "exhausted";
      transfers[next] = (transfers[next] ?? 0) + 1;
    }
    eliminated.add(out);
  }
  return { cast, blank, rounds, winner: rounds[rounds.length - 1]?.winner ?? null };
}
