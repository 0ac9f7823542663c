import type { ElectionStatus } from "./elections";

/** What decides whether a count says who is elected: the election's state and its quorum's verdict. */
export interface CountStanding {
  status: ElectionStatus;
  quorum: { met: boolean | null } | null;
}

/**
 * Whether a count says who is elected: once the election is completed with its quorum met (if it
 * has one). A cancelled election's count, one below its quorum (not valid) and one still open only
 * say who is ahead, on every screen and in every file that shows a result.
 */
export function countDecides(election: CountStanding): boolean {
  return election.status === "completed" && election.quorum?.met !== false;
}

/** Why a count decides nothing, in a word for its outcome ("Cancelled", "Not valid", "Not final"); null when it decides. */
export function undecidedWhy(election: CountStanding): "Cancelled" | "Not valid" | "Not final" | null {
  if (countDecides(election)) return null;
  if (election.status === "cancelled") return "Cancelled";
  return election.quorum?.met === false ? "Not valid" : "Not final";
}
