import type { ReactNode } from "react";
import { cx } from "./cx";
import styles from "./LoadState.module.css";

/** Nothing to show yet: what is missing and, when there is one, what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={cx(styles.loadState, styles.empty)}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}
