/**
 * (Over 300 lines: one count, rule by rule, each cited; splitting it would scatter the statute.)
 * Single transferable vote, Scottish rules: the Scottish Local Government Elections Order 2007
 * (SSI 2007/42), schedule 1, rules 45 to 52 (docs/counting.md § 6). Votes are held as whole
 * numbers of hundred-thousandths, so the five-decimal truncation of rule 48(3) is exact and the count
 * is the same on every machine.
 */
import type { Ballot } from "../../../contract/ballots/ballot";
import type { StvResult, StvStage } from "../../../contract/ballots/result";
import { gatherRankings } from "./rankings";
import { breakTie, lotOrder, type TieBreak } from "./ties";

export type { StvResult, StvStage };

/** One vote, in the units the count works in (5 decimals). */
export const UNIT = 100_000;

interface Parcel {
  /** The ranking's tokens (rankings.ts); end-of-rank tokens are never a continuing candidate, so they are passed over. */
  preferences: number[];
  /** Position of the preference the parcel sits at now. */
  at: number;
  /** Worth of each ballot, in units. */
  value: number;
  ballots: number;
}

export function countStv(
  candidates: readonly string[],
  seats: number,
  ballots: Iterable<Ballot>,
  seed: string,
): StvResult {
  const { groups, cast, blank } = gatherRankings(candidates, ballots);
  const n = candidates.length;
  const valid = cast - blank;
  // Rule 46: valid ballots ÷ (vacancies + 1), plus 1, decimals ignored.
  const quota = Math.floor(valid / (seats + 1)) + 1;
  const quotaUnits = quota * UNIT;
  const votes = new Array<number>(n).fill(0);
  const piles: Parcel[][] = Array.from({ length: n }, () => []);
  const status = new Array<"continuing" | "elected" | "excluded">(n).fill("continuing");
  const lot = lotOrder(seed, candidates);
  const history: Map<string, number>[] = [];
  const stages: StvStage[] = [];
  const elected: number[] = [];
  const excluded: number[] = [];
  /** Elected candidates whose surplus has not been transferred yet. */
  const pending: number[] = [];

  const isContinuing = (c: number) => status[c] === "continuing";
  const continuing = () => candidates.map((_, c) => c).filter(isContinuing);
  const snapshot = () => new Map(candidates.map((id, c) => [id, votes[c] as number]));

  const lotPosition = new Map(lot.map((id, i) => [candidates.indexOf(id), i]));
  /** Most votes first, equal votes in lot order: the order candidates elected together are listed in. */
  const byVotesThenLot = (a: number, b: number) =>
    (votes[b] as number) - (votes[a] as number) ||
    (lotPosition.get(a) as number) - (lotPosition.get(b) as number);

  /** One of the tied candidates, by the stages before this one and then the lot (ties.ts). */
  const choose = (tied: number[], want: "most" | "fewest"): { chosen: number; tieBreak?: TieBreak } => {
    if (tied.length === 1) return { chosen: tied[0] as number };
    const ids = tied.map((c) => candidates[c] as string);
    const tieBreak = breakTie(ids, want, history.slice(0, -1), lot);
    return { chosen: candidates.indexOf(tieBreak.chosen), tieBreak };
  };

  /** Moves a parcel to its next available preference; false when it has none (non-transferable). */
  const place = (parcel: Parcel, transfers: number[]): boolean => {
    while (parcel.at < parcel.preferences.length && !isContinuing(parcel.preferences[parcel.at] as number))
      parcel.at++;
    const to = parcel.preferences[parcel.at];
    if (to === undefined) return false;
    piles[to]?.push(parcel);
    const worth = parcel.value * parcel.ballots;
    votes[to] = (votes[to] as number) + worth;
    transfers[to] = (transfers[to] as number) + worth;
    return true;
  };

  /** Rule 47: continuing candidates at or over the quota are elected, most votes first. */
  const electReached = (stage: StvStage) => {
    const reached = continuing().filter((c) => (votes[c] as number) >= quotaUnits);
    reached.sort(byVotesThenLot);
    for (const c of reached) {
      status[c] = "elected";
      elected.push(c);
      pending.push(c);
      stage.elected.push(candidates[c] as string);
    }
  };

  const exhausted = { ballots: 0, votes: 0 };
  const finishStage = (
    stage: Omit<StvStage, "totals" | "elected" | "excluded" | "exhausted">,
    transfers: number[],
    excludedNow: number[] = [],
  ) => {
    exhausted.ballots += stage.nonTransferable.ballots;
    exhausted.votes += stage.nonTransferable.votes;
    const full: StvStage = {
      ...stage,
      exhausted: { ballots: exhausted.ballots, votes: round5(exhausted.votes) },
      transfers: Object.fromEntries(
        candidates.map((id, c) => [id, toVotes(transfers[c] as number)]).filter(([, v]) => v !== 0),
      ),
      totals: {},
      elected: [],
      excluded: excludedNow.map((c) => candidates[c] as string),
    };
    electReached(full);
    full.totals = Object.fromEntries(candidates.map((id, c) => [id, toVotes(votes[c] as number)]));
    stages.push(full);
    history.push(snapshot());
  };

  // Rule 45: first preferences.
  {
    const transfers = new Array<number>(n).fill(0);
    for (const group of groups)
      place({ preferences: group.tokens, at: 0, value: UNIT, ballots: group.count }, transfers);
    finishStage(
      {
        number: 1,
        kind: "first",
        nonTransferable: { ballots: 0, votes: 0 },
        lostToTruncation: 0,
        transfers: {},
      },
      transfers,
    );
  }

  let lastVacancies: StvResult["lastVacancies"] = null;
  while (elected.length < seats) {
    const open = continuing();
    const vacancies = seats - elected.length;
    // Rule 52 (filling of last vacancies): as many continuing candidates as vacancies left are all
    // elected, and nothing more is transferred. (The order has no "unassailable lead" rule: the
    // count goes on excluding until then.)
    if (open.length <= vacancies) {
      open.sort(byVotesThenLot);
      for (const c of open) {
        status[c] = "elected";
        elected.push(c);
        stages[stages.length - 1]?.elected.push(candidates[c] as string);
      }
      lastVacancies = "continuing_equal_vacancies";
      break;
    }
    const surplusOf = (c: number) => (votes[c] as number) - quotaUnits;
    const withSurplus = pending.filter((c) => surplusOf(c) > 0);
    pending.length = 0;
    pending.push(...withSurplus);
    const transfers = new Array<number>(n).fill(0);
    const nonTransferable = { ballots: 0, votes: 0 };
    if (withSurplus.length > 0) {
      // Rules 48 and 49: the largest surplus first; equal ones by the most recent stage at which
      // the candidates' votes differed, then by lot.
      const largest = Math.max(...withSurplus.map(surplusOf));
      const tied = withSurplus.filter((c) => surplusOf(c) === largest);
      const { chosen: from, tieBreak } = choose(tied, "most");
      pending.splice(pending.indexOf(from), 1);
      const surplus = surplusOf(from);
      const total = votes[from] as number;
      const byValue = new Map<number, { transferValue: number; ballots: number }>();
      let moved = 0;
      for (const parcel of piles[from] ?? []) {
        // Rule 48(3): surplus × the ballot's value ÷ the candidate's votes, to 5 decimals, truncated.
        const transferValue = mulDivFloor(surplus, parcel.value, total);
        const entry = byValue.get(parcel.value) ?? { transferValue, ballots: 0 };
        entry.ballots += parcel.ballots;
        byValue.set(parcel.value, entry);
        const next = { ...parcel, value: transferValue };
        if (place(next, transfers)) moved += transferValue * parcel.ballots;
        else {
          nonTransferable.ballots += parcel.ballots;
          nonTransferable.votes += transferValue * parcel.ballots;
        }
      }
      piles[from] = [];
      votes[from] = quotaUnits;
      transfers[from] = -surplus;
      finishStage(
        {
          number: stages.length + 1,
          kind: "surplus",
          from: candidates[from],
          surplus: toVotes(surplus),
          transferValues: [...byValue].map(([value, e]) => ({
            value: toVotes(value),
            transferValue: toVotes(e.transferValue),
            ballots: e.ballots,
          })),
          nonTransferable: { ballots: nonTransferable.ballots, votes: toVotes(nonTransferable.votes) },
          lostToTruncation: toVotes(surplus - moved - nonTransferable.votes),
          transfers: {},
          tieBreak,
        },
        transfers,
      );
      continue;
    }
    // Rule 50: exclude the continuing candidate with the fewest votes; equal ones by the most recent
    // stage at which their votes differed, then by lot. Their ballots move at their current value.
    const fewest = Math.min(...open.map((c) => votes[c] as number));
    const tied = open.filter((c) => votes[c] === fewest);
    const { chosen: out, tieBreak } = choose(tied, "fewest");
    status[out] = "excluded";
    excluded.push(out);
    for (const parcel of piles[out] ?? []) {
      if (!place(parcel, transfers)) {
        nonTransferable.ballots += parcel.ballots;
        nonTransferable.votes += parcel.value * parcel.ballots;
      }
    }
    transfers[out] = -(votes[out] as number);
    piles[out] = [];
    votes[out] = 0;
    finishStage(
      {
        number: stages.length + 1,
        kind: "exclusion",
        from: candidates[out],
        nonTransferable: { ballots: nonTransferable.ballots, votes: toVotes(nonTransferable.votes) },
        lostToTruncation: 0,
        transfers: {},
        tieBreak,
      },
      transfers,
      [out],
    );
  }
  return {
    cast,
    blank,
    valid,
    seats,
    quota,
    stages,
    elected: elected.map((c) => candidates[c] as string),
    excluded: excluded.map((c) => candidates[c] as string),
    lastVacancies,
  };
}

export function toVotes(units: number): number {
  return units / UNIT;
}

/** A sum of five-decimal vote counts, rid of floating-point residue. */
function round5(votes: number): number {
  return Math.round(votes * UNIT) / UNIT;
}

/** ⌊a × b ÷ c⌋ for non-negative integers, exact even when a × b passes 2^53. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (product > Number.MAX_SAFE_INTEGER) return Number((BigInt(a) * BigInt(b)) / BigInt(c));
  // The float quotient may sit one off when it rounds across a whole number; the products are exact.
  let quotient = Math.floor(product / c);
  if (quotient * c > product) quotient--;
  else if ((quotient + 1) * c <= product) quotient++;
  return quotient;
}
