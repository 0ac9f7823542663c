import { cx } from "../../ui/cx";
import styles from "./BoardPager.module.css";
import type { pageOf } from "./boardBallots";
import { words } from "./bulletinText";
import shared from "./elections.module.css";

/** Previous and Next under one of the board's paged tables, and which rows are shown (said as it changes). */
export function BoardPager({
  label,
  shown,
  range,
  onPage,
}: {
  label: string;
  shown: ReturnType<typeof pageOf>;
  range: string;
  onPage(page: number): void;
}) {
  if (shown.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className="btn btn-ghost"
        // Not `disabled`: a button that turns off under the keyboard would drop its focus.
        aria-disabled={shown.page === 0}
        onClick={() => onPage(Math.max(0, shown.page - 1))}
      >
        {words.previous}
      </button>
      <span className={cx("muted", shared.small, styles.range)} aria-live="polite">
        {range}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        aria-disabled={shown.page === shown.pages - 1}
        onClick={() => onPage(Math.min(shown.pages - 1, shown.page + 1))}
      >
        {words.next}
      </button>
    </nav>
  );
}
