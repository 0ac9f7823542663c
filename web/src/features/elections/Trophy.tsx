import { type CountStanding, countDecides } from "../../../../contract/count-standing";
import { cx } from "../../ui/cx";
import { TrophyIcon } from "../../ui/icons";
import styles from "./elections.module.css";
import { resultsText } from "./results/resultsText";
import own from "./Trophy.module.css";

/** The leader's trophy label: a winner only when the count decides (contract countDecides); ties say so. */
export function leaderLabel(election: CountStanding, tied: boolean): string {
  if (tied) return resultsText.tiedFirst;
  return countDecides(election) ? resultsText.winner : resultsText.mostVotes;
}

/**
 * The trophy on the leader (the spec's, on every results screen). When the count decides, it is
 * named for screen readers ("Winner", "Tied for first"). When it does not (cancelled, below its
 * quorum, still open), it is grey and says "Ahead" (or "Tied for first") beside it, so no screen
 * crowns anyone the count did not elect.
 */
export function Trophy({ election, tied = false }: { election: CountStanding; tied?: boolean }) {
  const label = leaderLabel(election, tied);
  if (countDecides(election)) {
    return (
      <span className={styles.trophy} title={label}>
        <TrophyIcon size={16} />
        <span className="visually-hidden">{` (${label})`}</span>
      </span>
    );
  }
  return (
    <span className={cx(styles.trophy, own.trophyAhead)} title={label}>
      <TrophyIcon size={16} />
      <span className={own.aheadWord}>{tied ? resultsText.tiedFirst : "Ahead"}</span>
    </span>
  );
}
