import type { ReactNode } from "react";
import { cx } from "./cx";
import styles from "./Table.module.css";

/**
 * A data table: header cells on a tinted row, rows ruled, numbers right-aligned (the screen's own
 * class on a cell); scrolls sideways inside its own box when wider than the page.
 */
export function Table({
  children,
  compact = false,
  className,
  scroll = true,
}: {
  children: ReactNode;
  /** Tighter cells, for long lists. */
  compact?: boolean;
  /** The screen's own additions to the look. */
  className?: string;
  /** Wraps the table in a box that scrolls sideways (off where the page scrolls already). */
  scroll?: boolean;
}) {
  const table = <table className={cx(styles.table, compact && styles.compact, className)}>{children}</table>;
  return scroll ? <div className={styles.wrap}>{table}</div> : table;
}
