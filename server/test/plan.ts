import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/connect";

/**
 * How the database plans a statement (a query builder's, or raw SQL), as the JSON text of
 * `explain`: a test looks for an index's name in it, where a read that should not grow with
 * history (a worker's look every few seconds) must not scan the whole table.
 */
export async function planOf(db: Db, statement: SQL | SQLWrapper): Promise<string> {
  const explained = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as {
    rows: unknown[];
  };
  return JSON.stringify(explained.rows);
}
