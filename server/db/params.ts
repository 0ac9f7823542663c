/**
 * Lists of any length in a statement. PostgreSQL takes at most 65,535 parameters in one: a row
 * written takes one per column and `inArray` one per element, so a list that grows with an
 * organization or a roll (a reminder to 30,000 members) is written in chunks, or read as one array.
 */
export const ROWS_PER_STATEMENT = 1000;

/** `items` in slices of `size`, for one statement each. */
export function chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** A PostgreSQL text array literal, every element quoted, sent as one parameter (`= any($1::uuid[])`). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}
