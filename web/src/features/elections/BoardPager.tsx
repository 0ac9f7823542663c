import { useState } from "react";
import { cx } from "../../ui/cx";
import styles from "./BoardPager.module.css";
import { pageOf } from "./boardBallots";
import { words } from "./bulletinText";
import shared from "./elections.module.css";

/**
 * Previous and Next under one of the board's paged tables, and which rows are shown: said (a live
 * region) after a move, and only then; the board's refresh every 5 s, changing the total, says nothing.
 */
export function BoardPager({
  label,
  total,
  page,
  onPage,
  range,
}: {
  label: string;
  total: number;
  page: number;
  onPage(page: number): void;
  range(from: number, to: number, total: number): string;
}) {
  // The total when last moved (or first shown): a refresh that changed it since turns the region off.
  const [movedAt, setMovedAt] = useState(total);
  const shown = pageOf(total, page);
  if (shown.pages <= 1) return null;
  const move = (to: number) => {
    const next = pageOf(total, to);
    if (next.page === shown.page) return;
    setMovedAt(total);
    onPage(next.page);
  };
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className={cx("btn btn-ghost", styles.previous)}
        // Not `disabled`: a button that turns off under the keyboard would drop its focus.
        aria-disabled={shown.page === 0}
        onClick={() => move(shown.page - 1)}
      >
        {words.previous}
      </button>
      <span
        className={cx("muted", shared.small, styles.range)}
        aria-live={movedAt === total ? "polite" : "off"}
      >
        {range(shown.from + 1, shown.to, total)}
      </span>
      <button
        type="button"
        className={cx("btn btn-ghost", styles.next)}
        aria-disabled={shown.page === shown.pages - 1}
        onClick={() => move(shown.page + 1)}
      >
        {words.next}
      </button>
    </nav>
  );
}
