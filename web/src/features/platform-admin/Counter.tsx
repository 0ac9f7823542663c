import type { ReactNode } from "react";
import { cx } from "../../ui/cx";
import styles from "./AdminDashboardPage.module.css";

/** A counter card: its figure comes from the server. */
export function Counter({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note: string;
  testId: string;
}) {
  return (
    <div className={cx("card", styles.counter)}>
      <span className={styles.counterLabel}>{label}</span>
      <span className={styles.counterValue} data-testid={testId}>
        {value}
      </span>
      <span className={styles.counterNote}>{note}</span>
    </div>
  );
}
