/**
 * The words of the search box, which every workspace page shows; the results page's own (text.ts,
 * which spreads these in) load with that page.
 */
export const boxText = {
  boxLabel: "Search messages and files",
  boxPlaceholder: "Search messages, files",
} as const;
