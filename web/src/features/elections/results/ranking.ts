import { winnersOf } from "../../../../../contract/ballots/result-rows";
import type { CandidateResult, ElectionStatus, PositionView } from "../../../../../contract/elections";
import { percentOf } from "../../../../../contract/elections";
import { rankCandidates, shownCount } from "../../../../../contract/ranking";
import { namesOf, tieTexts } from "./present";

/*
 * A plurality position's results as the results screens rank them. Apart from format.ts, which the
 * ballot page loads: this brings the results' words (present.ts) with it.
 */

export interface RankedCandidate extends CandidateResult {
  votes: number;
  share: string;
  /** 1-based; candidates with equal votes share a rank. */
  rank: number;
  /** Has the most votes of the position (and more than none). */
  leading: boolean;
}

export interface RankedPosition {
  position: PositionView;
  total: number;
  ranked: RankedCandidate[];
  /** The leaders (more than one on a tie before the count is published); empty while the position has no votes. */
  leaders: RankedCandidate[];
  /** A tie across the seat as the published count decided it, in words ("A tied with B; decided by the public seed"). */
  tie: string | null;
}

/**
 * The position's candidates ranked (contract's rankCandidates), with shares. Once the election is
 * completed its published count says who is elected, a tie decided as the count (and the board) did.
 */
export function rankPosition(position: PositionView, status: ElectionStatus): RankedPosition {
  const total = position.candidates.reduce((sum, c) => sum + (c.vote_count ?? 0), 0);
  const count = shownCount(position, status);
  const ranked = rankCandidates(position.candidates, count ? winnersOf(count) : undefined).map(
    ({ candidate, votes, rank, leading }) => ({
      ...candidate,
      votes,
      share: percentOf(votes, total),
      rank,
      leading,
    }),
  );
  const tie = count ? (tieTexts(count, namesOf(position))[0] ?? null) : null;
  return { position, total, ranked, leaders: ranked.filter((c) => c.leading), tie };
}
