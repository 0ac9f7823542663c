import { type AnyColumn, type SQL, sql } from "drizzle-orm";

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

/**
 * `column = any($1::uuid[])` (or `text[]`): membership in a list of any length, sent as one
 * parameter (a PostgreSQL array literal, every element quoted), where `inArray` takes one each.
 */
export function inList(column: AnyColumn, values: readonly string[], type: "uuid" | "text" = "uuid"): SQL {
  const literal = `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
  return sql`${column} = any(${literal}::${sql.raw(type)}[])`;
}
