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
  label,
}: {
  children: ReactNode;
  /** Tighter cells, for long lists. */
  compact?: boolean;
  /** The screen's own additions to the look. */
  className?: string;
  /** Wraps the table in a box that scrolls sideways (off where the page scrolls already). */
  scroll?: boolean;
  /**
   * Names the scrolling box and makes it a tab stop, so a keyboard can scroll a wide table (the
   * results' round tables and matrices); give it wherever the table may be wider than its box.
   */
  label?: string;
}) {
  const table = <table className={cx(styles.table, compact && styles.compact, className)}>{children}</table>;
  if (!scroll) return table;
  return label ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
    <section className={styles.wrap} aria-label={label} tabIndex={0}>
      {table}
    </section>
  ) : (
    <div className={styles.wrap}>{table}</div>
  );
}
