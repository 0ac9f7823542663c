import { useEffect, useRef, useState } from "react";
import { cx } from "./cx";
import { FilterField } from "./FilterField";

/** How many rows a long list shows at first, and how many more each "Show more" adds. */
export const LIST_PAGE = 50;

/** Above this many rows a list offers its filter box. */
const FILTER_FROM = 8;

/** What the filter box and the foot of a long list work with. */
interface ListControls {
  filter: string;
  setFilter(value: string): void;
  filterable: boolean;
  matching: number;
  more: number;
  showMore(): void;
}

/**
 * A list on screen that may be long (an organization's members: thousands in a large one), found by
 * typing and shown a page at a time: the items whose `words` hold what is typed (case aside), the
 * first LIST_PAGE of them, and more on request. Typing starts again from the first page. The list
 * (`listRef`) marks its rows with `data-row`; after "Show more" the focus goes to the first row
 * added, so a keyboard carries on where it was when the button goes away.
 */
export function useLongList<Item>(items: Item[], words: (item: Item) => string) {
  const [filter, setFilterValue] = useState("");
  const [limit, setLimit] = useState(LIST_PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  const needle = filter.trim().toLowerCase();
  const matching = needle ? items.filter((item) => words(item).toLowerCase().includes(needle)) : items;
  useEffect(() => {
    if (focusRow.current === null) return;
    listRef.current?.querySelectorAll<HTMLElement>("[data-row]")[focusRow.current]?.focus();
    focusRow.current = null;
  });
  return {
    filter,
    setFilter(value: string) {
      setFilterValue(value);
      setLimit(LIST_PAGE);
    },
    /** Whether the list is long enough to offer its filter box. */
    filterable: items.length > FILTER_FROM,
    matching: matching.length,
    shown: matching.slice(0, limit),
    more: Math.max(0, matching.length - limit),
    listRef,
    showMore() {
      focusRow.current = limit;
      setLimit(limit + LIST_PAGE);
    },
  };
}

/** The filter box over a long list (useLongList), when it is long enough to need one. */
export function LongListFilter({
  list,
  label,
  className,
}: {
  list: ListControls;
  label: string;
  className?: string;
}) {
  if (!list.filterable) return null;
  return <FilterField label={label} value={list.filter} onChange={list.setFilter} className={className} />;
}

/** Under a long list (useLongList): what no row matches, or the button that shows the next page. */
export function LongListFoot({
  list,
  noMatch,
  className,
}: {
  list: ListControls;
  noMatch: string;
  className?: string;
}) {
  if (list.matching === 0 && list.filter.trim()) return <p className="muted">{noMatch}</p>;
  if (list.more === 0) return null;
  return (
    <button type="button" className={cx("btn", className)} onClick={list.showMore}>
      Show {Math.min(list.more, LIST_PAGE)} more ({list.more} not shown)
    </button>
  );
}
