import { TrophyIcon } from "../../ui/icons";
import styles from "./elections.module.css";

/** The winner's mark, named for screen readers. */
export function Trophy({ label }: { label: string }) {
  return (
    <span className={styles.trophy} title={label}>
      <TrophyIcon size={16} />
      <span className="visually-hidden">{` (${label})`}</span>
    </span>
  );
}
