import { useEffect, useRef, useState } from "react";
import { announce } from "./announce";
import { cx } from "./cx";
import { FilterField } from "./FilterField";
import { useDebounced } from "./useDebounced";

/** How many rows a long list shows at first, and how many more each "Show more" adds. */
export const LIST_PAGE = 50;

/** Above this many rows a list offers its filter box. */
const FILTER_FROM = 8;

/** What a long list says, in its own words. */
export interface ListWords {
  /** The filter box's label. */
  find: string;
  /** So many rows, in words ("1 member", "70 members"). */
  count(n: number): string;
  /** Said under the list, and read out, when nothing matches the filter. */
  noMatch: string;
}

/**
 * A list on screen that may be long (an organization's members: thousands in a large one), found by
 * typing and shown a page at a time: the items whose `words` hold what is typed (case aside), the
 * first LIST_PAGE of them, and more on request. Typing starts again from the first page, and once
 * it settles the number found is read out (announce). The list (`listRef`) marks its rows with
 * `data-row`; after "Show more" the focus goes to the first row added, so a keyboard carries on
 * where it was when the button goes away.
 */
export function useLongList<Item>(items: Item[], words: (item: Item) => string, said: ListWords) {
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
  const settled = useDebounced(needle, 400);
  const found = matching.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: said when the typing settles, not as the list changes
  useEffect(() => {
    if (settled) return announce(found > 0 ? `${said.count(found)} found` : said.noMatch);
  }, [settled]);
  return {
    said,
    filter,
    setFilter(value: string) {
      setFilterValue(value);
      setLimit(LIST_PAGE);
    },
    /** Long enough to offer the filter box, or filtered (the list may have shrunk since). */
    filterable: items.length > FILTER_FROM || filter !== "",
    matching: found,
    shown: matching.slice(0, limit),
    more: Math.max(0, found - limit),
    listRef,
    showMore() {
      focusRow.current = limit;
      setLimit(limit + LIST_PAGE);
    },
  };
}

/** What the filter box and the foot of a long list work with. */
type ListControls = Omit<ReturnType<typeof useLongList<unknown>>, "shown" | "listRef">;

/** The filter box over a long list (useLongList), when it is long enough to need one. */
export function LongListFilter({ list, className }: { list: ListControls; className?: string }) {
  if (!list.filterable) return null;
  return (
    <FilterField label={list.said.find} value={list.filter} onChange={list.setFilter} className={className} />
  );
}

/** Under a long list (useLongList): what no row matches, or the button that shows the next page. */
export function LongListFoot({ list, className }: { list: ListControls; className?: string }) {
  if (list.matching === 0 && list.filter.trim())
    return <p className={cx("muted", className)}>{list.said.noMatch}</p>;
  if (list.more === 0) return null;
  return (
    <button type="button" className={cx("btn", className)} onClick={list.showMore}>
      Show {Math.min(list.more, LIST_PAGE)} more ({list.said.count(list.more)} not yet shown)
    </button>
  );
}
