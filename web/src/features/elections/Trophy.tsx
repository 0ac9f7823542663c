import type { Election } from "../../../../contract/elections";
import { TrophyIcon } from "../../ui/icons";
import styles from "./elections.module.css";
import { text } from "./text";

/**
 * The leader's trophy label: a winner once the election is completed with its quorum met (if it
 * has one); a cancelled election's results (the only other ones shown) and a result below its
 * quorum (not valid) name no winner; ties say so.
 */
export function leaderLabel(election: Pick<Election, "status" | "quorum">, tied: boolean): string {
  if (tied) return text.tiedFirst;
  return election.status === "completed" && election.quorum?.met !== false ? text.winner : text.mostVotes;
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
