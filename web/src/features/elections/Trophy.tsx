import type { Election } from "../../../../contract/elections";
import { TrophyIcon } from "../../ui/icons";
import styles from "./elections.module.css";
import { text } from "./text";

/**
 * Whether a count says who is elected: once the election is completed with its quorum met (if it
 * has one). A cancelled election's count (the only other one shown) and one below its quorum (not
 * valid) only say who is ahead, on every screen that shows a result.
 */
export function countDecides(election: Pick<Election, "status" | "quorum">): boolean {
  return election.status === "completed" && election.quorum?.met !== false;
}

/** The leader's trophy label: a winner only when the count decides (countDecides); ties say so. */
export function leaderLabel(election: Pick<Election, "status" | "quorum">, tied: boolean): string {
  if (tied) return text.tiedFirst;
  return countDecides(election) ? text.winner : text.mostVotes;
}

/** The winner's mark, named for screen readers. */
export function Trophy({ label }: { label: string }) {
  return (
    <span className={styles.trophy} title={label}>
      <TrophyIcon size={16} />
      <span className="visually-hidden">{` (${label})`}</span>
    </span>
  );
}
