import { useState } from "react";
import { announce } from "./announce";
import styles from "./Sort.module.css";
import { nextSort, type SortDirection, type SortState } from "./sort";

/**
 * A table whose columns a person sorts (WAI-ARIA's sortable table): useSort holds the choice,
 * SortHeader is a column's header with a button in it. A list the page sorts itself passes its rows
 * through sortRows (ui/sort.ts); a list the server pages sends the choice with its query instead,
 * since one page sorted alone would look like the whole list's order.
 */
export function useSort<K extends string>(initial: SortState<K> = null) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  return {
    sort,
    /** A press on a column's header: the other direction if it is sorted by it, else its first. */
    toggle(key: K, first?: SortDirection, label?: string) {
      const next = nextSort(sort, key, first);
      setSort(next);
      if (next && label) announce(`Sorted by ${label}, ${next.direction}`);
    },
  };
}

/**
 * A column's header that sorts the table: its name is the button's, the arrow beside it says the
 * direction (hidden from screen readers, which read `aria-sort` on the one column sorted). Keeps its
 * button on a phone's stacked table, where the header row becomes a row of "sort by" buttons
 * (Table.module.css, `data-sortable`).
 */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  first = "ascending",
  className,
}: {
  column: K;
  /** The column's name (the spec's words). */
  label: string;
  sort: SortState<K>;
  onSort(key: K, first: SortDirection, label: string): void;
  /** Which way a first press sorts: descending for what is looked for at the top (newest, riskiest). */
  first?: SortDirection;
  className?: string;
}) {
  const direction = sort?.key === column ? sort.direction : undefined;
  return (
    <th scope="col" aria-sort={direction} data-sortable="" className={className}>
      <button type="button" className={styles.button} onClick={() => onSort(column, first, label)}>
        {label}
        <SortArrow direction={direction} />
      </button>
    </th>
  );
}

/** Up (ascending), down (descending), or both faintly while the column is not the one sorted. */
function SortArrow({ direction }: { direction: SortDirection | undefined }) {
  return (
    <svg
      className={direction ? styles.arrow : styles.idle}
      width="12"
      height="12"
      viewBox="0 0 12 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {direction !== "descending" && <path d={direction ? "M3 7.5 6 4.5l3 3" : "M3.5 5 6 2.5 8.5 5"} />}
      {direction !== "ascending" && <path d={direction ? "M3 4.5 6 7.5l3-3" : "M3.5 7 6 9.5 8.5 7"} />}
    </svg>
  );
}
