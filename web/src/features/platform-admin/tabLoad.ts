import { keepPreviousData } from "@tanstack/react-query";

/** Rows whose text contains the search (case-insensitive), for tables already on screen. */
export function matching<T>(rows: T[], search: string, text: (row: T) => string): T[] {
  const term = search.trim().toLowerCase();
  return term ? rows.filter((row) => text(row).toLowerCase().includes(term)) : rows;
}

/** A tab's read keeps its last answer on screen while the next one (another page, a search) loads. */
export const keepShowing = { placeholderData: keepPreviousData } as const;

/** The kit's LoadState words for what a tab loads ("the overview", "members"). */
export function loadWords(what: string) {
  return {
    loadingLabel: `Loading ${what}...`,
    errorTitle: `${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded`,
    retryLabel: "Retry",
  };
}
