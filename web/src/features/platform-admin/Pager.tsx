import type { Page } from "../../../../contract/platform-admin";
import { formatCount } from "../../ui/format";
import styles from "./AdminDashboardPage.module.css";

/** "Showing 1–50 of 120" with Previous and Next. */
export function Pager<T>({ page, onOffset }: { page: Page<T>; onOffset(offset: number): void }) {
  if (page.total <= page.limit && page.offset === 0) {
    return <p className={styles.pagerText}>{formatCount(page.total)} in all</p>;
  }
  const first = page.items.length === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.items.length;
  return (
    <div className={styles.pager}>
      <span className={styles.pagerText}>
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(page.total)}
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
