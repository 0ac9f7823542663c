/**
 * The one ranking of a plurality position's results, shared by the server (results.csv) and the
 * results screens. Apart from elections.ts so that the ballot page, which shows no count, does not
 * load it.
 */
import type { QuestionResult } from "./ballots/result";
import type { ElectionStatus, PositionView } from "./elections";

/** A candidate's place among its position's candidates once counted. */
export interface Ranked<C> {
  candidate: C;
  votes: number;
  /** Competition ranking ("1, 1, 3"): candidates with equal votes share a rank. */
  rank: number;
  /** Elected by the published count; before it, has the most votes (and more than none): ties share the trophy. */
  leading: boolean;
}

/**
 * The published count a position's results are shown with (its winners lead, a tie reads as it was
 * decided): once the election is completed and someone voted; with no vote at all the lot's pick is
 * no winner to show. Null otherwise (every top candidate leads). The Results tab, the results screen
 * and results.csv all ask here.
 */
export function shownCount(
  position: Pick<PositionView, "candidates" | "result">,
  status: ElectionStatus,
): QuestionResult | null {
  const voted = position.candidates.some((c) => (c.vote_count ?? 0) > 0);
  return status === "completed" && voted ? position.result : null;
}

/**
 * The one ranking of results, used by the Results tab, the results screen and results.csv: by
 * votes descending, competition ranks. Before the count is published every top candidate leads;
 * once it is (`elected`: its winners), the elected lead, first among equals, so a tie across the
 * seat reads as the count decided it (by lot, as the board and `verify-election` say), never as shared.
 */
export function rankCandidates<C extends { id: string; vote_count: number | null }>(
  candidates: C[],
  elected?: readonly string[],
): Ranked<C>[] {
  const won = (candidate: C) => (elected?.includes(candidate.id) ? 1 : 0);
  const sorted = [...candidates].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || won(b) - won(a));
  const top = sorted[0]?.vote_count ?? 0;
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((candidate, index) => {
    const votes = candidate.vote_count ?? 0;
    if (votes !== previous) rank = index + 1;
    previous = votes;
    const leading = elected ? won(candidate) === 1 : top > 0 && votes === top;
    return { candidate, votes, rank, leading };
  });
}
