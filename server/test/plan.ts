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

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super("rolled back");
  }
}

/**
 * Runs `work` in a transaction that is then rolled back, and returns what it returned: history
 * written to see how a statement is planned over it stays out of the database the other test files
 * share (a count of every election, say).
 */
export async function rolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await work(tx as unknown as Db));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error("unreachable");
}
