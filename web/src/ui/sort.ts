/**
 * How a table's rows are put in the order a person chose (ui/Sort.tsx's headers): words compared as
 * a reader would (Intl.Collator: "Voter 2" before "Voter 10", case and accents aside), numbers and
 * dates by value, empty values last whichever the direction, rows that compare equal kept in the
 * order they came in (the server's own order).
 */

export type SortDirection = "ascending" | "descending";

/** The column a list is sorted by and which way; null: the order it came in. */
export type SortState<K extends string = string> = { key: K; direction: SortDirection } | null;

/** A cell's value to sort by: words, a number, a date (a Date or an ISO string), or nothing. */
export type SortValue = string | number | Date | boolean | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

const isEmpty = (value: SortValue) =>
  value === null ||
  value === undefined ||
  (typeof value === "string" && value.trim() === "") ||
  (typeof value === "number" && Number.isNaN(value)) ||
  (value instanceof Date && Number.isNaN(value.getTime()));

/** Two present values of one column, ascending: numbers and dates by value, words by the collator. */
function compare(a: Exclude<SortValue, null | undefined>, b: Exclude<SortValue, null | undefined>): number {
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
  // A date's number is its time, a boolean's 0 or 1.
  return Number(a) - Number(b);
}

/** Ascending or descending order of two values, an empty one after any other. */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection = "ascending"): number {
  const aEmpty = isEmpty(a);
  const bEmpty = isEmpty(b);
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order = compare(a as Exclude<SortValue, null | undefined>, b as Exclude<SortValue, null | undefined>);
  return direction === "ascending" ? order : -order;
}

/**
 * A date kept as an ISO string (as answers carry them) for comparing by value: use it as a column's
 * value, since words would compare "2026-…" by their characters.
 */
export const dateValue = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);

/** The rows in the chosen order (a new array; stable), or as they came when nothing is chosen. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K>,
  values: Record<K, (row: T) => SortValue>,
): T[] {
  if (!sort) return [...rows];
  const value = values[sort.key];
  const keyed = rows.map((row, index) => ({ row, index, value: value(row) }));
  keyed.sort((a, b) => compareValues(a.value, b.value, sort.direction) || a.index - b.index);
  return keyed.map((item) => item.row);
}

/**
 * The sort after a press on a column's header: the other direction on the column sorted now, else
 * the column in its first direction (ascending unless it says otherwise: newest or riskiest first).
 */
export function nextSort<K extends string>(
  current: SortState<K>,
  key: K,
  first: SortDirection = "ascending",
): SortState<K> {
  if (current?.key === key)
    return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { key, direction: first };
}
