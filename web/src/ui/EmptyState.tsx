import type { ReactNode } from "react";
import { cx } from "./cx";
import styles from "./LoadState.module.css";

/**
 * Nothing to show yet: what is missing and, when there is one, what to do about it. Its title is not
 * a heading: shown in panels and cards under headings of every level, an h3 skipped levels.
 */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={cx(styles.loadState, styles.empty)}>
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
