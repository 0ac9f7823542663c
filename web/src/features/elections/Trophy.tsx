import { TrophyIcon } from "../../ui/icons";
import styles from "./elections.module.css";
import { text } from "./text";

/**
 * The leader's trophy label: a winner once the election is completed; a cancelled election's
 * results (the only other ones shown) name no winner; ties say so.
 */
export function leaderLabel(status: string, tied: boolean): string {
  if (tied) return text.tiedFirst;
  return status === "completed" ? text.winner : text.mostVotes;
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
