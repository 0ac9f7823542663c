import { useState } from "react";
import type { SortDirection, SortState } from "../../ui/sort";
import { useSort } from "../../ui/Table";
import { useDebounced } from "../../ui/useDebounced";

/** Searches hit the server once the admin stopped typing for a moment. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The search as the server gets it (after typing settles), the page offset, and the sort a list the
 * server sorts is shown in (`initialSort` until the admin presses a header). The offset goes back to
 * the first page whenever the search or the sort changes: another list starts at its beginning.
 */
export function useSearchedPages<K extends string = never>(search: string, initialSort: SortState<K> = null) {
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setOffset(0);
  }
  const { sort, toggle } = useSort<K>(initialSort);
  return {
    q,
    offset,
    setOffset,
    sort,
    /** A press on a sorting header (ui/Sort.tsx SortHeader's onSort). */
    sortBy(key: K, first?: SortDirection, label?: string) {
      toggle(key, first, label);
      setOffset(0);
    },
    /** The list's query: the search, the page and the sort. */
    query: {
      q,
      offset,
      ...(sort && {
        sort: sort.key,
        order: sort.direction === "ascending" ? ("asc" as const) : ("desc" as const),
      }),
    },
  };
}
