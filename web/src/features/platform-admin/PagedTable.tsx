import type { ReactNode } from "react";
import type { Page } from "../../../../contract/platform-admin";
import { cx } from "../../ui/cx";
import { EmptyState } from "../../ui/EmptyState";
import { Table } from "../../ui/Table";
import styles from "./AdminDashboardPage.module.css";
import { Pager } from "./Pager";

/**
 * A page of rows in a card: the kit's table with its column headings (scrolling sideways in its own
 * box, shaded where it has more, where the card is narrower), and the Pager under it.
 * `emptyText` stands in place of the table when the rows on screen were all filtered away.
 */
export function PagedTable<T>({
  columns,
  page,
  onOffset,
  emptyText,
  labelledBy,
  children,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: string[];
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
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      )}
      <Pager page={page} onOffset={onOffset} />
    </div>
  );
}
