import { type ReactNode, useEffect, useState } from "react";
import type { Page } from "../../../../contract/admin";
import type { Load } from "./useAdminData";

export { formatDate } from "../../ui/format";

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** A status or severity as a coloured badge. */
export function Badge({ value }: { value: string }) {
  return <span className={`adm-badge adm-badge-${value}`}>{value}</span>;
}

/**
 * The search as the server gets it (after typing settles) and the page offset, which goes back to
 * the first page whenever that search changes.
 */
export function useSearchedPages(search: string) {
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim());
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setOffset(0);
  }
  return { q, offset, setOffset };
}

/** The value after the admin stopped typing for a moment (searches hit the server). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Loading, error (with Retry) and empty states around a tab's content. */
export function LoadState<T>({
  load,
  what,
  onRetry,
  empty,
  children,
}: {
  load: Load<T>;
  what: string;
  onRetry(): void;
  empty?: (data: T) => string | null;
  children: (data: T) => ReactNode;
}) {
  if (load.status === "loading" && load.data === null) {
    return (
      <p className="adm-state" role="status">
        Loading {what}...
      </p>
    );
  }
  return (
    <>
      {load.status === "error" && (
        <div className="alert alert-error adm-error" role="alert">
          <span>
            {what[0]?.toUpperCase()}
            {what.slice(1)} could not be loaded: {load.error}
          </span>
          <button type="button" className="btn" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {load.data !== null &&
        (() => {
          const emptyText = empty?.(load.data);
          return emptyText ? <p className="adm-state">{emptyText}</p> : children(load.data);
        })()}
    </>
  );
}

/** "Showing 1–50 of 120" with Previous and Next. */
export function Pager<T>({ page, onOffset }: { page: Page<T>; onOffset(offset: number): void }) {
  if (page.total <= page.limit && page.offset === 0) {
    return <p className="adm-pager-text">{page.total.toLocaleString()} in all</p>;
  }
  const first = page.items.length === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.items.length;
  return (
    <div className="adm-pager">
      <span className="adm-pager-text">
        Showing {first.toLocaleString()}–{last.toLocaleString()} of {page.total.toLocaleString()}
      </span>
      <button
        type="button"
        className="btn"
        disabled={page.offset === 0}
        onClick={() => onOffset(Math.max(0, page.offset - page.limit))}
      >
        Previous
      </button>
      <button
        type="button"
        className="btn"
        disabled={last >= page.total}
        onClick={() => onOffset(page.offset + page.limit)}
      >
        Next
      </button>
    </div>
  );
}

/** A tab's Refresh button: loads the figures again, and says so while it does. */
export function RefreshButton({
  load,
  onRefresh,
  busyLabel = "Refreshing...",
}: {
  load: Load<unknown>;
  onRefresh(): void;
  busyLabel?: string;
}) {
  const busy = load.status === "loading";
  return (
    <button type="button" className="btn" onClick={onRefresh} disabled={busy}>
      {busy ? busyLabel : "Refresh"}
    </button>
  );
}

/**
 * A page of rows in a card: the column headings, the rows, and the Pager under them. `emptyText`
 * stands in place of the table when the rows on screen were all filtered away.
 */
export function PagedTable<T>({
  columns,
  page,
  onOffset,
  emptyText,
  children,
}: {
  columns: string[];
  page: Page<T>;
  onOffset(offset: number): void;
  emptyText?: string;
  children: ReactNode;
}) {
  return (
    <div className="card adm-card adm-table-card">
      {emptyText ? (
        <p className="adm-state">{emptyText}</p>
      ) : (
        <table className="adm-table">
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
        </table>
      )}
      <Pager page={page} onOffset={onOffset} />
    </div>
  );
}

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
    <div className="card adm-counter">
      <span className="adm-counter-label">{label}</span>
      <span className="adm-counter-value" data-testid={testId}>
        {value}
      </span>
      <span className="adm-counter-note">{note}</span>
    </div>
  );
}

/** Rows whose text contains the search (case-insensitive), for tables already on screen. */
export function matching<T>(rows: T[], search: string, text: (row: T) => string): T[] {
  const term = search.trim().toLowerCase();
  return term ? rows.filter((row) => text(row).toLowerCase().includes(term)) : rows;
}
