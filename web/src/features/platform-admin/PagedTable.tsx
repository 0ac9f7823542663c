import type { ReactNode } from "react";
import type { Page } from "../../../../contract/platform-admin";
import { cx } from "../../ui/cx";
import { EmptyState } from "../../ui/EmptyState";
import type { SortDirection, SortState } from "../../ui/sort";
import { SortHeader, Table } from "../../ui/Table";
import styles from "./AdminDashboardPage.module.css";
import { Pager } from "./Pager";

/** A column the server sorts its list by (the contract's `sort` values), first which way. */
interface SortedColumn<K extends string> {
  label: string;
  sort: K;
  first?: SortDirection;
}

/**
 * A page of rows in a card: the kit's table with its column headings (scrolling sideways in its own
 * box, shaded where it has more, where the card is narrower), and the Pager under it.
 * `emptyText` stands in place of the table when the rows on screen were all filtered away. A column
 * given with its `sort` has a sorting header (ui/Sort.tsx); the server sorts the whole list, the
 * tab sending `sort` with its query (one page sorted alone would not be the list's order).
 */
export function PagedTable<T, K extends string = never>({
  columns,
  sort = null,
  onSort,
  page,
  onOffset,
  emptyText,
  labelledBy,
  children,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: Array<string | SortedColumn<K>>;
  sort?: SortState<K>;
  /** A press on a sorting header (useSearchedPages sortBy: the list then goes back to its first page). */
  onSort?(key: K, first: SortDirection, label: string): void;
  page: Page<T>;
  onOffset(offset: number): void;
  emptyText?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx("card", styles.card, styles.tableCard)}>
      {emptyText ? (
        <EmptyState title={emptyText} />
      ) : (
        <Table className={styles.table} labelledBy={labelledBy}>
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === "string" || !onSort ? (
                  <th key={typeof column === "string" ? column : column.label} scope="col">
                    {typeof column === "string" ? column : column.label}
                  </th>
                ) : (
                  <SortHeader
                    key={column.label}
                    column={column.sort}
                    label={column.label}
                    first={column.first}
                    sort={sort}
                    onSort={onSort}
                  />
                ),
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      )}
      <Pager page={page} onOffset={onOffset} />
    </div>
  );
}
