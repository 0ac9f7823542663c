import { useState } from "react";
import { useDebounced } from "../../ui/useDebounced";

/** Searches hit the server once the admin stopped typing for a moment. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The search as the server gets it (after typing settles) and the page offset, which goes back to
 * the first page whenever that search changes.
 */
export function useSearchedPages(search: string) {
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setOffset(0);
  }
  return { q, offset, setOffset };
}
