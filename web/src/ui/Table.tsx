import { type ReactNode, useEffect, useRef, useState } from "react";
import { cx } from "./cx";
import styles from "./Table.module.css";

/*
 * A table's sorting (Sort.tsx, sort.ts) is imported from here: every list that sorts is a table, so
 * its code travels in the table's chunk. Imported from its own files it made a chunk of its own,
 * which every lazy page's preload list then named, the ballot page's first load carrying those lists.
 */
export { SortHeader, useSort } from "./Sort";
export { dateValue, sortRows } from "./sort";

/**
 * What names a table (every data table has a name, read when a screen reader enters it): its own
 * words, as a caption seen by screen readers alone, or the id of the heading above it that says
 * what it holds.
 */
export type TableName = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

/**
 * A data table: header cells on a tinted row, rows ruled, numbers right-aligned (the screen's own
 * class on a cell); scrolls sideways inside its own box when wider than the page, with a shade on
 * each side that has more to show (a phone's scroll bars show only while scrolling).
 */
export function Table({
  children,
  compact = false,
  className,
  scroll = true,
  label,
  labelledBy,
  stickyFirst = false,
  stack = false,
}: TableName & {
  children: ReactNode;
  /** Tighter cells, for long lists. */
  compact?: boolean;
  /** The screen's own additions to the look. */
  className?: string;
  /** Wraps the table in a box that scrolls sideways (off where the page scrolls already). */
  scroll?: boolean;
  /** The first column (what each row is) stays in view while the rest scrolls sideways under it. */
  stickyFirst?: boolean;
  /** On a phone each row stands as a card (see ScrollBox). */
  stack?: boolean;
}) {
  const table = (
    <table
      className={cx(styles.table, compact && styles.compact, stickyFirst && styles.stickyFirst, className)}
      aria-labelledby={labelledBy}
    >
      {label && <caption className="visually-hidden">{label}</caption>}
      {children}
    </table>
  );
  if (!scroll) return table;
  return (
    <ScrollBox name={label ? { label } : { labelledBy }} stickyFirst={stickyFirst} stack={stack}>
      {table}
    </ScrollBox>
  );
}

/** Whether the box has more to show before and after what it shows (none while it fits). */
function useScrollEdges() {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft < element.scrollWidth - element.clientWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    // The box narrows with the page, the table widens with its rows.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, []);
  return { box, edges };
}

/** What makes a box that overflows a named tab stop, so that a keyboard can scroll it. */
const scrollable = (name: { label?: string; labelledBy?: string }) => ({
  role: "group",
  "aria-label": name.label,
  "aria-labelledby": name.labelledBy,
  tabIndex: 0,
});

/**
 * The box a wide table scrolls sideways in, shaded on each side that has more to show; for a table
 * of a screen's own making too. With `name` (the table's), while it has more to show than fits, a
 * named tab stop so that a keyboard can scroll it (any table that overflows: only those declared
 * wide were, and a narrow one on a phone was not): a group, not a region, so that it does not stand
 * as a second landmark of the same name inside the section that holds the table. `stickyFirst` as
 * for Table; `className` on the box.
 *
 * With `stack`, a phone shows each body row as a card instead: its cells one under another, each
 * under its column's name (the cell's `data-label`), its actions in reach without scrolling sideways
 * and the page, not a narrow box, scrolling. A cell without a label (what the row is, its actions, a
 * cell across every column) takes the card's whole width; a `<tbody>` per item keeps an item's rows
 * together (Table.module.css).
 */
export function ScrollBox({
  name,
  stickyFirst = false,
  stack = false,
  className,
  children,
}: {
  name?: { label?: string; labelledBy?: string };
  stickyFirst?: boolean;
  stack?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { box, edges } = useScrollEdges();
  return (
    <div
      className={cx(
        styles.frame,
        stack && styles.stack,
        edges.start && !stickyFirst && styles.moreStart,
        edges.start && stickyFirst && styles.underSticky,
        edges.end && styles.moreEnd,
      )}
    >
      {/* One element whatever it shows (useScrollEdges listens to it); named and a tab stop while it overflows. */}
      <div
        ref={box}
        className={cx(styles.wrap, className)}
        {...(name && (edges.start || edges.end) ? scrollable(name) : {})}
      >
        {children}
      </div>
    </div>
  );
}
